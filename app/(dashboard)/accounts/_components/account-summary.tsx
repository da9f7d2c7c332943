import type { components } from "@/lib/client/generated/schema";
import { DateTime } from "@/components/date-time";
import { Fact } from "@/components/fact";
import { OwnerLink } from "@/components/internal-accounts-table";
import { INTERNAL_ACCOUNT_STATUS_HELP, InternalAccountStatusBadge } from "@/components/internal-account-status-badge";
import { Money } from "@/components/money";

type InternalAccount = components["schemas"]["InternalAccount"];

const TYPE_LABELS: Record<InternalAccount["type"], string> = { INTERNAL_FIAT: "Fiat", INTERNAL_CRYPTO: "Crypto", EMBEDDED_WALLET: "Embedded wallet" };

/** Balances (available = spendable now; total includes held funds), status and owner (by name when `ownerName` is known). */
export function AccountSummary({ account, ownerName }: { account: InternalAccount; ownerName?: string }) {
  const held = BigInt(account.totalBalance.amount) - BigInt(account.balance.amount);
  return (
    <dl className="grid gap-x-6 gap-y-5 md:grid-cols-4">
      <Fact label="Available balance">
        <Money amount={account.balance.amount} currency={account.balance.currency} className="text-2xl font-semibold text-zinc-900" testId="available-balance" />
      </Fact>
      <Fact label="Total balance">
        <Money amount={account.totalBalance.amount} currency={account.totalBalance.currency} className="text-2xl font-semibold text-zinc-900" testId="total-balance" />
        {held > 0n && (
          <span className="block text-xs text-zinc-500">
            <Money amount={held} currency={account.balance.currency} /> held
          </span>
        )}
      </Fact>
      <Fact label="Status" testId="account-status">
        <InternalAccountStatusBadge status={account.status} />
        <span className="mt-1 block text-xs text-zinc-500" data-testid="account-status-help">
          {INTERNAL_ACCOUNT_STATUS_HELP[account.status]}
        </span>
      </Fact>
      <Fact label="Owner" testId="account-owner">
        {account.customerId ? (
          <OwnerLink customerId={account.customerId} name={ownerName} className="break-all" />
        ) : (
          "The platform"
        )}
      </Fact>
      <Fact label="Type">
        {TYPE_LABELS[account.type]} · {account.balance.currency.name ?? account.balance.currency.code}
      </Fact>
      <Fact label="Created">
        <DateTime value={account.createdAt} />
      </Fact>
      <Fact label="Last change">
        <DateTime value={account.updatedAt} />
      </Fact>
    </dl>
  );
}
