"use client";

import { useRef, useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import type { components } from "@/lib/client/generated/schema";
import { callAction, describeActionError, type ActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Field, controlProps } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { DOCUMENT_TYPE_LABELS } from "../_lib/verification-text";
import { replaceDocumentAction, uploadDocumentAction } from "../document-actions";

type Document = components["schemas"]["Document"];
type DocumentType = components["schemas"]["DocumentType"];

const MAX_BYTES = 10 * 1024 * 1024;
const FILE_HINT = "PDF, JPEG or PNG, at most 10 MB.";
const IDENTITY_HINT = "Needed for passports, driver's licenses and ID cards.";
const REJECTIONS: Record<string, string> = {
  LOW_QUALITY: "The file is too blurry or dark to read. Upload a clear scan or photo.",
  DATA_MISMATCH: "The document does not match the details on file. Check the holder and the document.",
  EXPIRED: "The document has expired. Upload a current one.",
  SUSPECTED_FRAUD: "The document looks altered. Upload an original scan, or escalate to compliance.",
  UNSUITABLE_DOCUMENT: "This kind of document is not accepted here. Choose the right type.",
  INCOMPLETE: "Pages or sides are missing. Upload the complete document.",
};

function errorMessage(error: ActionError): string {
  if (REJECTIONS[error.code]) return REJECTIONS[error.code]!;
  if (error.code === "FORBIDDEN") return "Your role cannot upload documents. Ask an admin.";
  return describeActionError(error);
}

export interface DocumentFormProps {
  /** Unique per form on the page: prefixes the input ids. */
  formId: string;
  /** Whose document it can be (upload only): the customer and its beneficial owners. */
  holders?: { id: string; label: string }[];
  /** Replace this document instead of uploading a new one. */
  replacing?: Document;
  defaultCountry?: string;
  onDone?: () => void;
}

/** Multipart upload (POST /documents) or replacement (PUT /documents/{id}) through a server action. */
export function DocumentForm({ formId, holders = [], replacing, defaultCountry = "", onDone }: DocumentFormProps) {
  const [error, setError] = useState<ActionError | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const formRef = useRef<HTMLFormElement>(null);
  const router = useRouter();
  const errors = error?.fieldErrors ?? {};
  const id = (name: string) => `${formId}-${name}`;
  const shown = ["file", "documentType", "documentHolder", "side", "country", "documentNumber", "issuingAuthority"];
  const otherErrors = Object.entries(errors).filter(([field]) => !shown.includes(field));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const file = formData.get("file");
    if (file instanceof File && file.size > MAX_BYTES) {
      setError({ code: "INVALID_INPUT", message: "Some fields are invalid", fieldErrors: { file: "is larger than 10 MB; upload a smaller scan" } });
      return;
    }
    if (replacing) formData.set("documentId", replacing.id);
    startTransition(async () => {
      const result = replacing ? await callAction(replaceDocumentAction, formData) : await callAction(uploadDocumentAction, formData);
      if (!result.ok) return setError(result.error);
      setError(null);
      setUploaded(`${DOCUMENT_TYPE_LABELS[result.data.documentType]} (${result.data.fileName}) ${replacing ? "replaced" : "uploaded"}.`);
      formRef.current?.reset();
      onDone?.();
      router.refresh();
    });
  }

  const select = (name: string, label: string, options: { value: string; label: string }[], defaultValue?: string, hint?: string) => (
    <Field id={id(name)} label={label} hint={hint} error={errors[name]}>
      <Select {...controlProps(id(name), errors[name], hint)} name={name} defaultValue={defaultValue}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
  const text = (name: string, label: string, defaultValue?: string, hint?: string, maxLength = 255) => (
    <Field id={id(name)} label={label} hint={hint} error={errors[name]}>
      <Input {...controlProps(id(name), errors[name], hint)} name={name} defaultValue={defaultValue} maxLength={maxLength} autoComplete="off" />
    </Field>
  );
  const fileControl = controlProps(id("file"), errors.file, FILE_HINT);

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4" aria-label={replacing ? "Replace document" : "Upload document"}>
      {error && (
        <Notice tone="error" testId={`${formId}-error`}>
          {errorMessage(error)}
          {otherErrors.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {otherErrors.map(([field, message]) => (
                <li key={field}>
                  {field} {message}
                </li>
              ))}
            </ul>
          )}
        </Notice>
      )}
      {uploaded && !error && <Notice tone="success" testId={`${formId}-done`}>{uploaded}</Notice>}
      <fieldset disabled={pending} className="grid gap-4 md:grid-cols-3">
        {!replacing && select("documentHolder", "Whose document", holders.map((h) => ({ value: h.id, label: h.label })))}
        {select(
          "documentType",
          "Document type",
          (Object.keys(DOCUMENT_TYPE_LABELS) as DocumentType[]).map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] })),
          replacing?.documentType,
        )}
        {select("side", "Side", [{ value: "", label: "Single-sided" }, { value: "FRONT", label: "Front" }, { value: "BACK", label: "Back" }], replacing?.side ?? "", "Driver's licenses and ID cards: upload each side.")}
        {text("country", "Issuing country", replacing?.country ?? defaultCountry, "Two-letter code, e.g. US.", 2)}
        {text("documentNumber", "Document number", replacing?.documentNumber, IDENTITY_HINT, 64)}
        {text("issuingAuthority", "Issuing authority", replacing?.issuingAuthority, IDENTITY_HINT)}
        <Field id={id("file")} label="File" hint={FILE_HINT} error={errors.file} className="md:col-span-2">
          <input
            id={fileControl.id}
            aria-describedby={fileControl["aria-describedby"]}
            aria-invalid={fileControl.invalid || undefined}
            name="file"
            type="file"
            accept="application/pdf,image/jpeg,image/png"
            className="block w-full text-sm text-zinc-700 file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-zinc-800 hover:file:bg-zinc-50"
          />
        </Field>
        <div className="flex items-end justify-end gap-2">
          {onDone && (
            <Button variant="secondary" onClick={onDone} disabled={pending}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={pending}>
            {pending ? "Uploading…" : replacing ? "Replace" : "Upload"}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
