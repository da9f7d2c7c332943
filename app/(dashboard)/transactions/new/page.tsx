import type { Metadata } from "next";
import Link from "next/link";
import { requireSession } from "@/lib/auth/session";
import { collectPages } from "@/lib/client/collect-pages";
import { serviceClient } from "@/lib/client/server";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/page-header";
import { ReadOnlyPage } from "@/components/read-only-page";
import { SendTransferForm } from "../_components/send-transfer-form";
import { can } from "../../_lib/can";

export const metadata: Metadata = { title: "Send transfer" };

/** The platform's payees the form offers (every page of them up to this). */
const MAX_DESTINATIONS = 1000;

const BACK = (
  <Link href="/transactions" className="mb-3 inline-block text-sm font-medium text-brand-700 hover:underline">
    ← Transactions
  </Link>
);

export default async function NewTransferPage() {
  const { user } = await requireSession();
  if (!can(user, "TRANSACT")) {
    return (
      <ReadOnlyPage
        back={BACK}
        title="Send transfer"
        description="Pay out from one of the platform's internal accounts to one of its external bank accounts, in the same currency."
        testId="send-transfer-read-only"
      >
        Your role can view payments but not send them. Ask an admin or operator.
      </ReadOnlyPage>
    );
  }
  const client = await serviceClient();
  const [{ data: internal, error: internalError }, external] = await Promise.all([
    client.GET("/platform/internal-accounts"),
    collectPages((cursor) => client.GET("/platform/external-accounts", { params: { query: { limit: 100, cursor } } }), { maxItems: MAX_DESTINATIONS }),
  ]);
  const error = internalError ?? external.error;

  return (
    <>
      {BACK}
      <PageHeader title="Send transfer" description="Pay out from one of the platform's internal accounts to one of its external bank accounts, in the same currency." />
      <Card>
        {internal && !external.error ? (
          <>
            {external.hasMore && <Notice tone="warning" title={`Only the platform's first ${MAX_DESTINATIONS.toLocaleString("en-US")} external accounts are offered.`} className="mb-4" />}
            <SendTransferForm sources={internal.data.filter((a) => a.status === "ACTIVE")} destinations={external.items.filter((a) => a.status === "ACTIVE")} />
          </>
        ) : (
          <Notice tone="error" title="Could not load the platform's accounts">
            {error?.message ?? "The service did not answer."}
          </Notice>
        )}
      </Card>
    </>
  );
}
