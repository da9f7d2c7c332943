import type { Metadata } from "next";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/page-header";
import { QuoteBuilder } from "./_components/quote-builder";

export const metadata: Metadata = { title: "Quotes" };

/** Accounts that can take part in a payment; the API decides the rest (owners, currencies, limits). */
const USABLE_EXTERNAL = new Set(["ACTIVE", "PENDING_OWNERSHIP_VERIFICATION"]);

export default async function QuotesPage() {
  const { user } = await requireSession();
  const client = await serviceClient();
  const page = { params: { query: { limit: 100 } } };
  const [platformInternal, customerInternal, platformExternal, customerExternal] = await Promise.all([
    client.GET("/platform/internal-accounts"),
    client.GET("/customers/internal-accounts", page),
    client.GET("/platform/external-accounts"),
    client.GET("/customers/external-accounts", page),
  ]);
  const error = platformInternal.error ?? customerInternal.error ?? platformExternal.error ?? customerExternal.error;
  const accounts = [...(platformInternal.data?.data ?? []), ...(customerInternal.data?.data ?? [])].filter((a) => a.status === "ACTIVE");
  const externalAccounts = [...(platformExternal.data?.data ?? []), ...(customerExternal.data?.data ?? [])].filter((a) => USABLE_EXTERNAL.has(a.status));
  const canTransact = user.role !== "SUPPORT";

  return (
    <>
      <PageHeader
        title="Quotes"
        description="Price a payment before sending it: lock what the sender pays or what the receiver gets, see the rate and every fee, and execute while the quote holds."
      />
      <div className="space-y-6">
        {error && (
          <Notice tone="error" title="Some accounts could not be loaded">
            {error.message}
          </Notice>
        )}
        {!canTransact && (
          <Notice tone="info" title="Read-only">
            Your role can view payments but not create or execute quotes. Ask an admin or operator.
          </Notice>
        )}
        <QuoteBuilder accounts={accounts} externalAccounts={externalAccounts} canTransact={canTransact} isSandbox={user.environment === "SANDBOX"} />
      </div>
    </>
  );
}
