import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { IssueCardForm } from "../_components/issue-card-form";

export const metadata: Metadata = { title: "Issue a card" };

const ParamsSchema = z.object({ customerId: z.string().trim().max(200).optional().catch(undefined) });
const CARD_CURRENCIES = new Set(["USD", "USDB"]);

/** Step 1: choose an approved cardholder; step 2 (?customerId=): choose its funding accounts and controls. */
export default async function IssueCardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireSession();
  const { customerId } = ParamsSchema.parse(await searchParams);
  const client = await serviceClient();
  const back = (
    <Link href="/cards" className="text-sm text-brand-700 hover:underline">
      ← Cards
    </Link>
  );

  if (!customerId) {
    const { data, error } = await client.GET("/customers", { params: { query: { limit: 100 } } });
    const approved = (data?.data ?? []).filter((c) => !c.isDeleted && c.customerType === "INDIVIDUAL" && c.kycStatus === "APPROVED");
    return (
      <>
        {back}
        <PageHeader title="Issue a card" description="Virtual debit cards for customers whose KYC is approved." />
        {error && <Notice tone="error" title={error.message} className="mb-4" />}
        <Card title="Cardholder">
          <form method="get" className="flex flex-wrap items-end gap-3">
            <label className="flex min-w-72 flex-col gap-1 text-sm font-medium text-zinc-800">
              Cardholder
              <select name="customerId" required className="rounded-md border border-zinc-300 px-3 py-2 text-sm">
                <option value="">Choose an approved customer</option>
                {approved.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.customerType === "INDIVIDUAL" ? c.fullName : c.id} ({c.platformCustomerId})
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit">Continue</Button>
          </form>
          {approved.length === 0 && <p className="mt-3 text-sm text-zinc-600">No customer has approved KYC yet.</p>}
        </Card>
      </>
    );
  }

  const [customer, accounts] = await Promise.all([
    client.GET("/customers/{customerId}", { params: { path: { customerId } } }),
    client.GET("/customers/internal-accounts", { params: { query: { customerId, limit: 100 } } }),
  ]);
  const eligible = (accounts.data?.data ?? [])
    .filter((a) => a.status === "ACTIVE" && CARD_CURRENCIES.has(a.balance.currency.code))
    .map((a) => ({ id: a.id, label: `${a.balance.currency.code} account · ${a.id.slice(-6)}`, currency: a.balance.currency.code, decimals: a.balance.currency.decimals ?? 2 }));
  const name = customer.data ? (customer.data.customerType === "INDIVIDUAL" ? customer.data.fullName : customer.data.businessInfo?.legalName) : undefined;

  return (
    <>
      {back}
      <PageHeader title="Issue a card" description={`Cardholder: ${name ?? customerId}`} />
      {(customer.error ?? accounts.error) && <Notice tone="error" title={(customer.error ?? accounts.error)!.message} className="mb-4" />}
      <IssueCardForm cardholderId={customerId} accounts={eligible} />
    </>
  );
}
