import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/page-header";
import { StatusBadge } from "@/components/status-badge";
import { ConsentsTable } from "../_components/consents-table";
import { CustomerAccounts } from "../_components/customer-accounts";
import { CustomerProfile } from "../_components/customer-profile";
import { CustomerTransactions } from "../_components/customer-transactions";
import { DeleteCustomerButton } from "../_components/delete-customer-button";
import { KycStatusBadge, customerName } from "../_components/kyc-status-badge";
import { OnboardingSections } from "../_components/onboarding-sections";
import { WalletCard } from "../_components/wallet-card";
import { resourceIdFromSegment } from "@/components/resource-id";
import { can } from "../../_lib/can";

export const metadata: Metadata = { title: "Customer" };

export default async function CustomerPage({ params }: { params: Promise<{ customerId: string }> }) {
  const { user } = await requireSession();
  const customerId = resourceIdFromSegment((await params).customerId, "Customer") ?? notFound();
  const client = await serviceClient();
  const [{ data: customer, error, response }, internal, external, { data: agreements }, transactions] = await Promise.all([
    client.GET("/customers/{customerId}", { params: { path: { customerId } } }),
    client.GET("/customers/internal-accounts", { params: { query: { customerId, limit: 100 } } }),
    client.GET("/customers/external-accounts", { params: { query: { customerId, limit: 100 } } }),
    client.GET("/customers/agreements"),
    client.GET("/transactions", { params: { query: { customerId, limit: 20 } } }),
  ]);
  if (response.status === 404) notFound();
  const canManage = Boolean(can(user, "MANAGE") && customer && !customer.isDeleted);

  return (
    <>
      <Link href="/customers" className="mb-3 inline-block text-sm font-medium text-brand-700 hover:underline">
        ← Customers
      </Link>
      {!customer ? (
        <Notice tone="error" title="Could not load the customer">
          {error?.message ?? "The service did not answer."}
        </Notice>
      ) : (
        <>
          <PageHeader
            title={customerName(customer)}
            description={
              <span className="flex flex-wrap items-center gap-2">
                <span data-testid="customer-verification">
                  <KycStatusBadge customer={customer} />
                </span>
                {customer.isDeleted && <StatusBadge tone="danger">Deleted</StatusBadge>}
                <code className="font-mono text-xs">{customer.id}</code>
              </span>
            }
            actions={
              canManage && (
                <>
                  <DeleteCustomerButton customerId={customer.id} name={customerName(customer)} />
                  <Link href={`/customers/${encodeURIComponent(customer.id)}/edit`} className={buttonClasses("secondary")}>
                    Edit
                  </Link>
                </>
              )
            }
          />
          <div className="space-y-6">
            {customer.isDeleted && <Notice tone="warning" title="This customer was deleted">It can no longer be changed or used for payments.</Notice>}
            <Card title="Profile">
              <CustomerProfile customer={customer} />
            </Card>
            <OnboardingSections client={client} customer={customer} canManage={canManage} />
            <CustomerAccounts customer={customer} internal={internal.data} external={external.data} error={internal.error?.message ?? external.error?.message} />
            <WalletCard customerId={customer.id} canCreateLinks={can(user, "TRANSACT")} />
            <CustomerTransactions customerId={customer.id} page={transactions.data} error={transactions.error?.message} />
            <Card title="Agreements" description="The latest acceptance of each agreement." flush>
              <ConsentsTable consents={customer.agreementConsents} agreements={agreements?.data ?? []} />
            </Card>
          </div>
        </>
      )}
    </>
  );
}
