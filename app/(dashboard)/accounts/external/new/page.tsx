import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { requireSession } from "@/lib/auth/session";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/page-header";
import { ExternalAccountForm } from "../../_components/external-account-form";
import { emptyExternalAccountForm } from "../../external-account-values";
import { can } from "../../../_lib/can";

export const metadata: Metadata = { title: "Add external account" };

const ParamsSchema = z.object({ customerId: z.string().trim().max(200).optional().catch(undefined) });

export default async function NewExternalAccountPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  const { customerId } = ParamsSchema.parse(await searchParams);
  const back = customerId ? `/customers/${encodeURIComponent(customerId)}` : "/accounts/external";
  return (
    <>
      <Link href={back} className="mb-3 inline-block text-sm font-medium text-brand-700 hover:underline">
        ← {customerId ? "Customer" : "External accounts"}
      </Link>
      <PageHeader title="Add external account" description="A bank account or wallet outside the service that money can be paid out to. Bank accounts are checked against the beneficiary's name." />
      {can(user, "MANAGE") ? (
        <ExternalAccountForm initialValues={emptyExternalAccountForm(customerId)} />
      ) : (
        <Notice tone="info" title="Read-only">
          Only admins can add external accounts.
        </Notice>
      )}
    </>
  );
}
