"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import type { components } from "@/lib/client/generated/schema";
import { DataTable, type Column } from "@/components/ui/data-table";
import { Notice } from "@/components/ui/notice";
import { StatusBadge, type BadgeTone } from "@/components/status-badge";
import { getBulkImportJobAction } from "../actions";
import { customerHref } from "./kyc-status-badge";
import { callAction } from "@/lib/client/action-result";

type BulkJob = components["schemas"]["BulkCustomerImportJob"];
type RowError = components["schemas"]["BulkCustomerImportErrorEntry"];

const POLL_MS = 1_000;
const TONES: Record<BulkJob["status"], BadgeTone> = { PENDING: "info", PROCESSING: "info", COMPLETED: "success", FAILED: "danger" };

/** The per-field reasons of a row's INVALID_INPUT, when the API gave them. */
function fieldReasons(entry: RowError): string[] {
  const errors = (entry.details as { errors?: { field?: string; message?: string }[] } | undefined)?.errors ?? [];
  return errors.map((e) => `${e.field ?? "row"}: ${e.message ?? "is invalid"}`);
}

const ERROR_COLUMNS: Column<RowError>[] = [
  { header: "Row", className: "tabular-nums", cell: (e) => e.row },
  { header: "Customer", cell: (e) => <code className="font-mono text-xs">{e.correlationId}</code> },
  { header: "Code", cell: (e) => <StatusBadge tone="danger">{e.code}</StatusBadge> },
  {
    header: "Problem",
    className: "w-full",
    cell: (e) => (
      <div>
        <p>{e.message}</p>
        {fieldReasons(e).length > 0 && (
          <ul className="mt-1 list-disc pl-5 text-xs text-zinc-600">
            {fieldReasons(e).map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
      </div>
    ),
  },
];

/** Follows an import job every second until it ends: progress, failed rows, created customers. */
export function BulkJobProgress({ initial }: { initial: BulkJob }) {
  const [job, setJob] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const isRunning = job.status === "PENDING" || job.status === "PROCESSING";

  useEffect(() => {
    if (!isRunning) return;
    const timer = setTimeout(async () => {
      const result = await callAction(getBulkImportJobAction, { jobId: job.id });
      if (result.ok) setJob(result.data);
      else setProblem(result.error.message);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job, isRunning]);

  const { total, processed, successful, failed } = job.progress;
  const percent = total === 0 ? 100 : Math.round((processed / total) * 100);
  return (
    <div className="space-y-5" data-testid="bulk-job">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <StatusBadge tone={TONES[job.status]}>{job.status}</StatusBadge>
        <span className="text-zinc-600" data-testid="bulk-job-counts">
          {processed} of {total} rows processed · {successful} created · {failed} failed
        </span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-zinc-100" role="progressbar" aria-label="Import progress" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
        <div className={`h-full rounded-full transition-all ${failed > 0 && !isRunning && successful === 0 ? "bg-red-500" : "bg-brand-600"}`} style={{ width: `${percent}%` }} />
      </div>
      {problem && <Notice tone="error">Could not refresh the job: {problem}</Notice>}
      {job.errors.length > 0 && (
        <div className="overflow-hidden rounded-md border border-zinc-200">
          <DataTable caption="Rows that failed" columns={ERROR_COLUMNS} rows={job.errors} rowKey={(e) => `${e.row}`} />
        </div>
      )}
      {job.createdCustomers.length > 0 && (
        <div>
          <h3 className="mb-2 text-sm font-medium text-zinc-800">Created customers</h3>
          <ul className="flex flex-wrap gap-2 text-xs">
            {job.createdCustomers.map((c) => (
              <li key={c.customerId}>
                <Link href={customerHref(c.customerId)} className="rounded border border-zinc-200 bg-white px-2 py-1 font-mono text-brand-700 hover:underline">
                  {c.correlationId}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
