"use client";

import { useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { callAction, describeActionError, type ActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Field, controlProps } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { uploadCustomersCsvAction } from "../actions";

const FILE_HINT = "UTF-8 CSV with a header row; at most 10,000 rows and 5 MB.";

/** Sends the file; the page then follows the import job (?jobId=…), so a reload keeps following it. */
export function BulkUploadForm() {
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const fileError = error?.fieldErrors?.file;
  const { invalid, ...fileControl } = controlProps("file", fileError, FILE_HINT);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    startTransition(async () => {
      const result = await callAction(uploadCustomersCsvAction, formData);
      if (!result.ok) return setError(result.error);
      setError(null);
      router.push(`/customers/import?jobId=${encodeURIComponent(result.data.jobId)}`);
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error && !fileError && (
        <Notice tone="error" testId="bulk-upload-error">
          {error.code === "FORBIDDEN" ? "Your role cannot import customers. Ask an admin." : describeActionError(error)}
          {error.code === "INVALID_INPUT" && <p className="mt-1">{error.message}</p>}
        </Notice>
      )}
      <Field id="file" label="CSV file" hint={FILE_HINT} error={fileError}>
        <input
          {...fileControl}
          aria-invalid={invalid || undefined}
          name="file"
          type="file"
          accept=".csv,text/csv"
          className="block w-full text-sm text-zinc-700 file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-zinc-800 hover:file:bg-zinc-50"
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Uploading…" : "Upload and import"}
        </Button>
      </div>
    </form>
  );
}
