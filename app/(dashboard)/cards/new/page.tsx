import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { PageHeader } from "@/components/page-header";
import { ReadOnlyPage } from "@/components/read-only-page";
import { collectPages } from "@/lib/client/collect-pages";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { CardholderStep } from "../_components/cardholder-step";
import { IssueCardForm } from "../_components/issue-card-form";
import { can } from "../../_lib/can";

export const metadata: Metadata = { title: "Issue a card" };

const ParamsSchema = z.object({ customerId: z.string().trim().max(200).optional().catch(undefined) });
const CARD_CURRENCIES = new Set(["USD", "USDB"]);
/** A customer has one account per currency; past this the page says it offers only some. */
const MAX_ACCOUNTS = 500;

/** Step 1: choose an approved cardholder; step 2 (?customerId=): choose its funding accounts and controls. */
export default async function IssueCardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  const back = (
    <Link href="/cards" className="text-sm text-brand-700 hover:underline">
      ← Cards
    </Link>
  );
  // POST /cards requires MANAGE: only admins issue cards.
  if (!can(user, "MANAGE")) {
    return (
      <ReadOnlyPage back={back} title="Issue a card" description="Virtual debit cards for customers whose KYC is approved." testId="issue-card-read-only">
        Only admins can issue cards. Ask an admin.
      </ReadOnlyPage>
    );
  }
  const { customerId } = ParamsSchema.parse(await searchParams);
  const client = await serviceClient();

  if (!customerId) {
    return (
      <>
        {back}
        <PageHeader title="Issue a card" description="Virtual debit cards for customers whose KYC is approved." />
        <Card title="Cardholder">
          <CardholderStep />
        </Card>
      </>
    );
  }

  const [customer, accounts] = await Promise.all([
    client.GET("/customers/{customerId}", { params: { path: { customerId } } }),
    collectPages((cursor) => client.GET("/customers/internal-accounts", { params: { query: { customerId, limit: 100, cursor } } }), { maxItems: MAX_ACCOUNTS }),
  ]);
  const eligible = accounts.items
    .filter((a) => a.status === "ACTIVE" && CARD_CURRENCIES.has(a.balance.currency.code))
    .map((a) => ({ id: a.id, label: `${a.balance.currency.code} account · ${a.id.slice(-6)}`, currency: a.balance.currency.code, decimals: a.balance.currency.decimals ?? 2 }));
  const name = customer.data ? (customer.data.customerType === "INDIVIDUAL" ? customer.data.fullName : customer.data.businessInfo?.legalName) : undefined;

  return (
    <>
      {back}
      <PageHeader title="Issue a card" description={`Cardholder: ${name ?? customerId}`} />
      {(customer.error ?? accounts.error) && <Notice tone="error" title={(customer.error ?? accounts.error)!.message} className="mb-4" />}
      {accounts.hasMore && !accounts.error && <Notice tone="warning" title={`Only the customer's first ${MAX_ACCOUNTS} accounts are offered.`} className="mb-4" />}
      <IssueCardForm cardholderId={customerId} accounts={eligible} />
    </>
  );
}
