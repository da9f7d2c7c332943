import type { Metadata } from "next";
import Link from "next/link";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/page-header";
import { CustomerForm } from "../_components/customer-form";
import { EMPTY_CUSTOMER_FORM } from "../form-values";
import { loadFormContext } from "../load-form-context";
import { can } from "../../_lib/can";

export const metadata: Metadata = { title: "New customer" };

export default async function NewCustomerPage() {
  const { user } = await requireSession();
  const { currencies, terms } = await loadFormContext(await serviceClient());
  return (
    <>
      <Link href="/customers" className="mb-3 inline-block text-sm font-medium text-brand-700 hover:underline">
        ← Customers
      </Link>
      <PageHeader title="New customer" description="An individual or a business. The service checks every field and names the ones it cannot accept." />
      {can(user, "MANAGE") ? (
        <CustomerForm initialValues={EMPTY_CUSTOMER_FORM} currencies={currencies} terms={terms} />
      ) : (
        <Notice tone="info" title="Read-only">
          Only admins can create customers.
        </Notice>
      )}
    </>
  );
}
