import Link from "next/link";
import type { components } from "@/lib/client/generated/schema";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { ExternalAccountsTable } from "@/components/external-accounts-table";
import { INTERNAL_ACCOUNT_STATUS_HELP } from "@/components/internal-account-status-badge";
import { InternalAccountsTable } from "@/components/internal-accounts-table";

type Customer = components["schemas"]["CustomerOneOf"];
type InternalAccountList = components["schemas"]["InternalAccountListResponse"];
type ExternalAccountList = components["schemas"]["ExternalAccountListResponse"];

export interface CustomerAccountsProps {
  customer: Customer;
  internal?: InternalAccountList;
  external?: ExternalAccountList;
  error?: string;
}

/** Why the customer has no accounts: on unregulated platforms, none exist before the end-user terms are accepted. */
function noAccountsText(customer: Customer): string {
  const hasTerms = customer.agreementConsents.some((c) => c.type === "SERVICE_END_USER_TERMS");
  return hasTerms ? "No internal accounts." : "No internal accounts yet: they are opened once the customer accepts the end-user terms. Edit the customer to record the acceptance.";
}

/** The customer's balances at the service, and the bank accounts and wallets it pays out to. */
export function CustomerAccounts({ customer, internal, external, error }: CustomerAccountsProps) {
  const isPending = internal?.data.some((a) => a.status === "PENDING");
  return (
    <>
      <Card title="Internal accounts" description="Balances held at the service, one per currency. Available excludes held funds; total includes them." flush>
        {error && (
          <div className="p-5">
            <Notice tone="error" title="Could not load accounts">
              {error}
            </Notice>
          </div>
        )}
        {isPending && (
          <div className="border-b border-zinc-200 px-5 py-3">
            <Notice tone="warning" title="Accounts are PENDING" testId="pending-accounts-notice">
              {INTERNAL_ACCOUNT_STATUS_HELP.PENDING} This customer&apos;s verification is {customer.customerType === "INDIVIDUAL" ? customer.kycStatus : customer.kybStatus}.
            </Notice>
          </div>
        )}
        {internal && <InternalAccountsTable accounts={internal.data} empty={noAccountsText(customer)} />}
        {internal?.hasMore && <MoreAccounts href={`/accounts?customerId=${encodeURIComponent(customer.id)}`} shown={internal.data.length} total={internal.totalCount} />}
      </Card>
      <Card
        title="External accounts"
        description="Bank accounts and wallets outside the service that this customer sends money to."
        actions={
          !customer.isDeleted && (
            <Link href={`/accounts/external/new?customerId=${encodeURIComponent(customer.id)}`} className={buttonClasses("secondary", "sm")}>
              Add external account
            </Link>
          )
        }
        flush
      >
        {external && <ExternalAccountsTable accounts={external.data} empty="No external accounts." />}
        {external?.hasMore && <MoreAccounts href={`/accounts/external?customerId=${encodeURIComponent(customer.id)}`} shown={external.data.length} total={external.totalCount} />}
        {external && external.data.length > 0 && (
          <p className="border-t border-zinc-200 px-5 py-3 text-xs text-zinc-500">
            <Link href={`/accounts/external?customerId=${encodeURIComponent(customer.id)}`} className="font-medium text-brand-700 hover:underline">
              Manage external accounts
            </Link>{" "}
            to remove one.
          </p>
        )}
      </Card>
    </>
  );
}

/** Says the list above is cut short, and links to the paged list of all of them. */
function MoreAccounts({ href, shown, total }: { href: string; shown: number; total?: number }) {
  return (
    <p className="border-t border-zinc-200 px-5 py-3 text-xs text-zinc-500">
      Showing the first {shown}
      {total !== undefined && ` of ${total.toLocaleString("en-US")}`}.{" "}
      <Link href={href} className="font-medium text-brand-700 hover:underline">
        See them all
      </Link>
    </p>
  );
}
