"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import type { components } from "@/lib/client/generated/schema";
import { callAction, describeActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, type Column } from "@/components/ui/data-table";
import { Notice } from "@/components/ui/notice";
import { DateTime } from "@/components/date-time";
import { StatusBadge } from "@/components/status-badge";
import { DOCUMENT_TYPE_LABELS } from "../_lib/verification-text";
import { deleteDocumentAction } from "../document-actions";
import { DocumentForm } from "./document-form";

type Document = components["schemas"]["Document"];

export interface DocumentsCardProps {
  customerId: string;
  documents: Document[];
  /** The customer and its beneficial owners: id → display name. */
  holders: { id: string; label: string }[];
  /** Documents no verification has included yet: only these can be deleted. */
  deletableIds: string[];
  canManage: boolean;
  defaultCountry?: string;
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Upload, open, replace and delete the documents of the customer and its owners. */
export function DocumentsCard({ customerId, documents, holders, deletableIds, canManage, defaultCountry }: DocumentsCardProps) {
  const [replacingId, setReplacingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Document | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const holderName = new Map(holders.map((h) => [h.id, h.label]));
  const replacing = documents.find((d) => d.id === replacingId);
  const contentHref = (d: Document) => `/customers/${encodeURIComponent(customerId)}/documents/${encodeURIComponent(d.id)}`;

  function remove(document: Document) {
    startTransition(async () => {
      const result = await callAction(deleteDocumentAction, { documentId: document.id });
      setDeleting(null);
      if (!result.ok) {
        return setProblem(result.error.code === "CONFLICT" ? "A verification already included this document, so it stays on file. Replace it instead." : describeActionError(result.error));
      }
      setProblem(null);
      router.refresh();
    });
  }

  const columns: Column<Document>[] = [
    {
      header: "Document",
      cell: (d) => (
        <div>
          <span className="font-medium text-zinc-900">
            {DOCUMENT_TYPE_LABELS[d.documentType]}
            {d.side ? ` (${d.side.toLowerCase()})` : ""}
          </span>
          <span className="block text-xs text-zinc-500">
            {d.fileName} · {sizeText(d.sizeBytes)} · {d.country}
            {d.documentNumber ? ` · No. ${d.documentNumber}` : ""}
          </span>
        </div>
      ),
    },
    { header: "Holder", cell: (d) => holderName.get(d.documentHolder) ?? <code className="font-mono text-xs">{d.documentHolder}</code> },
    {
      header: "Review",
      className: "whitespace-nowrap",
      cell: (d) =>
        d.rejectionReason ? (
          <StatusBadge tone="danger">Rejected: {d.rejectionReason}</StatusBadge>
        ) : deletableIds.includes(d.id) ? (
          <StatusBadge tone="neutral">Not submitted</StatusBadge>
        ) : (
          <StatusBadge tone="info">Submitted</StatusBadge>
        ),
    },
    { header: "Uploaded", cell: (d) => <DateTime value={d.updatedAt} /> },
    {
      header: <span className="sr-only">Actions</span>,
      className: "text-right whitespace-nowrap",
      cell: (d) => (
        <div className="flex justify-end gap-1">
          <a href={contentHref(d)} target="_blank" rel="noreferrer" className={buttonClasses("ghost", "sm")} aria-label={`Open ${d.fileName}`}>
            Open
          </a>
          {canManage && (
            <Button variant="ghost" size="sm" onClick={() => setReplacingId(d.id)} aria-label={`Replace ${d.fileName}`}>
              Replace
            </Button>
          )}
          {canManage && deletableIds.includes(d.id) && (
            <Button variant="danger-ghost" size="sm" onClick={() => setDeleting(d)} aria-label={`Delete ${d.fileName}`}>
              Delete
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <Card title="Documents" description="Identity documents of the people, and the business's own papers. Submitted documents can be replaced, not deleted." flush>
      {problem && (
        <div className="px-5 pt-4">
          <Notice tone="error" testId="document-delete-error">
            {problem}
          </Notice>
        </div>
      )}
      {replacing && (
        <div className="border-b border-zinc-200 bg-zinc-50/60 px-5 py-4">
          <h3 className="mb-3 text-sm font-semibold text-zinc-900">Replace {replacing.fileName}</h3>
          <DocumentForm key={replacing.id} formId="replace-document" replacing={replacing} onDone={() => setReplacingId(null)} />
        </div>
      )}
      <DataTable caption="Documents" columns={columns} rows={documents} rowKey={(d) => d.id} empty="No documents yet." />
      {canManage && (
        <div className="border-t border-zinc-200 px-5 py-4">
          <h3 className="mb-3 text-sm font-semibold text-zinc-900">Upload a document</h3>
          <DocumentForm formId="upload-document" holders={holders} defaultCountry={defaultCountry} />
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this document?"
        confirmLabel="Delete document"
        pending={pending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove(deleting)}
      >
        {deleting && `${DOCUMENT_TYPE_LABELS[deleting.documentType]} (${deleting.fileName}) is removed. Upload another before submitting.`}
      </ConfirmDialog>
    </Card>
  );
}
