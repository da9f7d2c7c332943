import type { components } from "@/lib/client/generated/schema";
import { externalAccountSummary } from "@/components/external-accounts-table";

type ExternalAccount = components["schemas"]["ExternalAccount"];

/** "sparkrt1pgssyu…6dj6mrhu": a wallet address stays recognisable at both ends in a select. */
function shortAddress(address: string): string {
  return address.length > 24 ? `${address.slice(0, 14)}…${address.slice(-8)}` : address;
}

/**
 * "EUR · Bank account ****3000 · Platform", "BTC · Spark wallet sparkrt1pgssyu…6dj6mrhu · Jane Doe":
 * the account as the external-accounts table names it (currency, kind, masked number or address),
 * and whose it is, so two accounts of one currency, or a customer's and the platform's, differ.
 * `owner` is the customer's name when known, else their id.
 */
export function operationAccountLabel(account: ExternalAccount, owner?: string): string {
  const { kind, identifier } = externalAccountSummary(account.accountInfo);
  // A select shows one line: the account number without its routing number, so the owner stays in view.
  const shown = "address" in account.accountInfo ? shortAddress(identifier) : (identifier.split(" · ")[0] ?? "");
  const whose = account.customerId ? (owner ?? `customer ${account.customerId}`) : "Platform";
  return [`${account.currency} · ${kind}${shown ? ` ${shown}` : ""}`, whose].join(" · ");
}
