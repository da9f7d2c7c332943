import type { Metadata } from "next";
import Link from "next/link";
import { requireSession } from "@/lib/auth/session";
import { collectPages } from "@/lib/client/collect-pages";
import { serviceClient } from "@/lib/client/server";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/page-header";
import { QuoteBuilder } from "./_components/quote-builder";
import { isUsableInternal } from "./_lib/quote-form";
import { can } from "../_lib/can";
import { transactionListHref } from "../transactions/_lib/list-params";

export const metadata: Metadata = { title: "Quotes" };

/** The platform's payees the builder offers; past this it says it offers only some. */
const MAX_PLATFORM_EXTERNAL = 1000;

/** Quotes have no list of their own: one not executed yet is an OUTGOING transaction in PENDING. */
const PENDING_QUOTES_HREF = transactionListHref({ status: "PENDING", type: "OUTGOING" });

/** The builder starts with the platform's accounts (external ones whatever their status); a customer's are loaded when the customer is picked. */
export default async function QuotesPage() {
  const { user } = await requireSession();
  const client = await serviceClient();
  const [internal, external] = await Promise.all([
    client.GET("/platform/internal-accounts"),
    collectPages((cursor) => client.GET("/platform/external-accounts", { params: { query: { limit: 100, cursor } } }), { maxItems: MAX_PLATFORM_EXTERNAL }),
  ]);
  const error = internal.error ?? external.error;
  const platform = { accounts: (internal.data?.data ?? []).filter(isUsableInternal), externalAccounts: external.items };
  const canTransact = can(user, "TRANSACT");

  return (
    <>
      <PageHeader
        title="Quotes"
        description={
          <>
            Price a payment before sending it: lock what the sender pays or what the receiver gets, see the rate and every fee, and execute while the quote holds.
            <span className="mt-1 block" data-testid="pending-quotes-hint">
              Looking for a quote priced earlier? Until it is executed it is listed as a{" "}
              <Link href={PENDING_QUOTES_HREF} className="font-medium text-brand-700 hover:underline">
                pending outgoing payment in Transactions
              </Link>
              , which links back to the quote.
            </span>
          </>
        }
      />
      <div className="space-y-6">
        {error && (
          <Notice tone="error" title="Some accounts could not be loaded">
            {error.message}
          </Notice>
        )}
        {external.hasMore && <Notice tone="warning" title={`The builder offers the platform's first ${MAX_PLATFORM_EXTERNAL.toLocaleString("en-US")} external accounts only.`} />}
        {!canTransact && (
          <Notice tone="info" title="Read-only">
            Your role can view payments but not create or execute quotes. Ask an admin or operator.
          </Notice>
        )}
        <QuoteBuilder platform={platform} canTransact={canTransact} isSandbox={user.environment === "SANDBOX"} />
      </div>
    </>
  );
}
