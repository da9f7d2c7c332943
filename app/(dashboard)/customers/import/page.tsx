import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { CodeBlock } from "@/components/code-block";
import { PageHeader } from "@/components/page-header";
import { BulkJobProgress } from "../_components/bulk-job-progress";
import { BulkUploadForm } from "../_components/bulk-upload-form";
import { can } from "../../_lib/can";

export const metadata: Metadata = { title: "Import customers" };

const ParamsSchema = z.object({ jobId: z.string().max(200).optional().catch(undefined) });

const EXAMPLE = `platformCustomerId,customerType,umaAddress,fullName,birthDate,businessLegalName,addressLine1,city,state,postalCode,country,email,currencies
alice-1,INDIVIDUAL,$alice@example.com,Alice Doe,1990-01-31,,1 Main St,Springfield,IL,62701,US,alice@example.com,USD;USDC
acme-1,BUSINESS,$acme@example.com,,,Acme Inc,2 Market St,San Francisco,CA,94105,US,ops@acme.example,USD`;

export default async function ImportCustomersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  const { jobId } = ParamsSchema.parse(await searchParams);
  const job = jobId ? await (await serviceClient()).GET("/customers/bulk/jobs/{jobId}", { params: { path: { jobId } } }) : undefined;

  return (
    <>
      <Link href="/customers" className="mb-3 inline-block text-sm font-medium text-brand-700 hover:underline">
        ← Customers
      </Link>
      <PageHeader title="Import customers" description="Create many customers from one CSV file. Rows are created one by one; a bad row is reported and never half-created." />
      <div className="space-y-6">
        {job && (
          <Card title="Import job" description={<code className="font-mono text-xs">{jobId}</code>}>
            {job.data ? <BulkJobProgress initial={job.data} /> : <Notice tone="error">{job.error?.message ?? "The service did not answer."}</Notice>}
          </Card>
        )}
        {can(user, "MANAGE") ? (
          <Card title={job ? "Import another file" : "Upload a file"}>
            <BulkUploadForm />
          </Card>
        ) : (
          <Notice tone="info" title="Read-only">
            Only admins can import customers.
          </Notice>
        )}
        <Card title="File format" description="Required: platformCustomerId, customerType, umaAddress; individuals also fullName, birthDate and the address; businesses businessLegalName and the address. Separate currencies with “;”.">
          <CodeBlock label="example CSV" code={EXAMPLE} />
        </Card>
      </div>
    </>
  );
}
