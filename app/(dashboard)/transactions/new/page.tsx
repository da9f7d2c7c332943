import type { Metadata } from "next";
import Link from "next/link";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/page-header";
import { SendTransferForm } from "../_components/send-transfer-form";

export const metadata: Metadata = { title: "Send transfer" };

export default async function NewTransferPage() {
  await requireSession();
  const client = await serviceClient();
  const [{ data: internal, error: internalError }, { data: external, error: externalError }] = await Promise.all([
    client.GET("/platform/internal-accounts"),
    client.GET("/platform/external-accounts"),
  ]);
  const error = internalError ?? externalError;

  return (
    <>
      <Link href="/transactions" className="mb-3 inline-block text-sm font-medium text-brand-700 hover:underline">
        ← Transactions
      </Link>
      <PageHeader title="Send transfer" description="Pay out from one of the platform's internal accounts to one of its external bank accounts, in the same currency." />
      <Card>
        {internal && external ? (
          <SendTransferForm
            sources={internal.data.filter((a) => a.status === "ACTIVE")}
            destinations={external.data.filter((a) => a.status === "ACTIVE")}
          />
        ) : (
          <Notice tone="error" title="Could not load the platform's accounts">
            {error?.message ?? "The service did not answer."}
          </Notice>
        )}
      </Card>
    </>
  );
}
