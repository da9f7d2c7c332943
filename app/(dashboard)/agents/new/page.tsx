import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { PageHeader } from "@/components/page-header";
import { Notice } from "@/components/ui/notice";
import { CreateAgentForm } from "../_components/create-agent-form";
import { loadCurrencies } from "../_lib/load-currencies";

export const metadata: Metadata = { title: "New agent" };

const ParamsSchema = z.object({ customerId: z.string().trim().max(200).optional().catch(undefined) });

export default async function NewAgentPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireSession();
  const { customerId } = ParamsSchema.parse(await searchParams);
  const client = await serviceClient();
  const [customers, currencies] = await Promise.all([client.GET("/customers", { params: { query: { limit: 100 } } }), loadCurrencies(client)]);
  const options = (customers.data?.data ?? [])
    .filter((c) => !c.isDeleted)
    .map((c) => ({ id: c.id, label: `${(c.customerType === "BUSINESS" ? c.businessInfo?.legalName : c.fullName) || c.platformCustomerId} (${c.platformCustomerId})` }));
  if (customerId && !options.some((o) => o.id === customerId)) options.unshift({ id: customerId, label: customerId });

  return (
    <>
      <Link href="/agents" className="text-sm text-brand-700 hover:underline">
        ← Agents
      </Link>
      <PageHeader title="New agent" description="An AI agent that acts for one customer, within a policy you set. You get a one-time device code to install it." />
      {customers.error && (
        <Notice tone="error" title="Customers could not be loaded" className="mb-4">
          {customers.error.message}
        </Notice>
      )}
      <CreateAgentForm customers={options} initialCustomerId={customerId ?? ""} currencies={currencies} />
    </>
  );
}
