import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/page-header";
import { CustomerForm } from "../../_components/customer-form";
import { customerHref, customerName } from "../../_components/kyc-status-badge";
import { customerToFormValues } from "../../form-values";
import { loadFormContext } from "../../load-form-context";
import { resourceIdFromSegment } from "@/components/resource-id";
import { can } from "../../../_lib/can";

export const metadata: Metadata = { title: "Edit customer" };

export default async function EditCustomerPage({ params }: { params: Promise<{ customerId: string }> }) {
  const { user } = await requireSession();
  const customerId = resourceIdFromSegment((await params).customerId, "Customer") ?? notFound();
  const client = await serviceClient();
  const [{ data: customer, error, response }, context] = await Promise.all([
    client.GET("/customers/{customerId}", { params: { path: { customerId } } }),
    loadFormContext(client),
  ]);
  if (response.status === 404) notFound();
  const problem = !customer ? (error?.message ?? "The service did not answer.") : customer.isDeleted ? "This customer was deleted; it can no longer be changed." : !can(user, "MANAGE") ? "Only admins can change customers." : null;

  return (
    <>
      <Link href={customerHref(customerId)} className="mb-3 inline-block text-sm font-medium text-brand-700 hover:underline">
        ← {customer ? customerName(customer) : "Customer"}
      </Link>
      <PageHeader title="Edit customer" description={<code className="font-mono text-xs">{customerId}</code>} />
      {problem || !customer ? (
        <Notice tone={customer ? "info" : "error"} title="Cannot edit this customer">
          {problem}
        </Notice>
      ) : (
        <CustomerForm
          initialValues={customerToFormValues(customer)}
          customerId={customer.id}
          currencies={context.currencies}
          terms={context.terms}
          acceptedTerms={customer.agreementConsents.find((c) => c.type === "SERVICE_END_USER_TERMS")}
        />
      )}
    </>
  );
}
