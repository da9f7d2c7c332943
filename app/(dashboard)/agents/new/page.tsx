import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { PageHeader } from "@/components/page-header";
import { ReadOnlyPage } from "@/components/read-only-page";
import { Notice } from "@/components/ui/notice";
import { toCustomerOption } from "../../customers/_lib/customer-search";
import { CreateAgentForm } from "../_components/create-agent-form";
import { loadCurrencies } from "../_lib/load-currencies";
import { can } from "../../_lib/can";

export const metadata: Metadata = { title: "New agent" };

const ParamsSchema = z.object({ customerId: z.string().trim().max(200).optional().catch(undefined) });

const BACK = (
  <Link href="/agents" className="text-sm text-brand-700 hover:underline">
    ← Agents
  </Link>
);

export default async function NewAgentPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  if (!can(user, "MANAGE")) {
    return (
      <ReadOnlyPage back={BACK} title="New agent" description="An AI agent that acts for one customer, within a policy you set." testId="new-agent-read-only">
        Only admins can create agents. Ask an admin.
      </ReadOnlyPage>
    );
  }
  const { customerId } = ParamsSchema.parse(await searchParams);
  const client = await serviceClient();
  // ?customerId= (from a customer's page) starts with that customer picked.
  const [customer, currencies] = await Promise.all([customerId ? client.GET("/customers/{customerId}", { params: { path: { customerId } } }) : undefined, loadCurrencies(client)]);
  const initialCustomer = customer?.data && !customer.data.isDeleted ? toCustomerOption(customer.data) : null;

  return (
    <>
      {BACK}
      <PageHeader title="New agent" description="An AI agent that acts for one customer, within a policy you set. You get a one-time device code to install it." />
      {customer?.error && (
        <Notice tone="error" title={`Customer ${customerId} could not be loaded`} className="mb-4">
          {customer.error.message}
        </Notice>
      )}
      <CreateAgentForm initialCustomer={initialCustomer} currencies={currencies} />
    </>
  );
}
