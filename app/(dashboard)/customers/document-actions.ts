"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { actionOk, invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";

type Document = components["schemas"]["Document"];
type UploadBody = components["schemas"]["DocumentUploadRequest"];
type ReplaceBody = components["schemas"]["DocumentReplaceRequest"];

/** The API's limit (10 MB); checked here too so a huge file fails before it is streamed onwards. */
const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

const text = (max: number) => z.string().trim().max(max).optional().transform((t) => t || undefined);

// Shape only: the API owns the rules (file format and size, identity fields) and names the bad fields.
const DocumentFieldsSchema = z.object({
  documentType: z.string().min(1, "Choose a document type").max(64),
  side: text(8),
  country: text(8).transform((c) => c?.toUpperCase()),
  documentNumber: text(64),
  issuingAuthority: text(255),
});
const UploadFieldsSchema = DocumentFieldsSchema.extend({ documentHolder: z.string().min(1, "Choose whose document it is").max(100) });
const ReplaceFieldsSchema = DocumentFieldsSchema.extend({ documentId: z.string().min(1).max(200) });
const DocumentIdInputSchema = z.object({ documentId: z.string().min(1).max(200) });

/** The chosen file, or the field error to show beside the file input. */
function chosenFile(formData: FormData): { file: File } | { error: ActionResult<never> } {
  const file = formData.get("file");
  const fail = (message: string) => ({ error: { ok: false as const, error: { code: "INVALID_INPUT", message: "Some fields are invalid", fieldErrors: { file: message } } } });
  if (!(file instanceof File) || (file.size === 0 && !file.name)) return fail("choose a PDF, JPEG or PNG file");
  if (file.size > MAX_DOCUMENT_BYTES) return fail("is larger than 10 MB; upload a smaller scan");
  return { file };
}

/** The multipart body the API reads: the file and every non-empty field. */
function multipart(file: File, fields: Record<string, string | undefined>): FormData {
  const body = new FormData();
  body.set("file", file, file.name);
  for (const [name, value] of Object.entries(fields)) if (value) body.set(name, value);
  return body;
}

/** POST /documents (multipart) for the customer or one of its beneficial owners. */
export async function uploadDocumentAction(formData: FormData): Promise<ActionResult<Document>> {
  const parsed = UploadFieldsSchema.safeParse(Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) return invalidInputResult(parsed.error);
  const chosen = chosenFile(formData);
  if ("error" in chosen) return chosen.error;
  // openapi-fetch sends FormData as multipart with its boundary; the typed body describes the parts.
  const body = multipart(chosen.file, parsed.data) as unknown as UploadBody;
  const result = await callService((client) => client.POST("/documents", { body }));
  if (result.ok) revalidatePath("/customers", "layout");
  return result;
}

/** PUT /documents/{documentId} (multipart): a new file and fields; clears a review rejection. */
export async function replaceDocumentAction(formData: FormData): Promise<ActionResult<Document>> {
  const parsed = ReplaceFieldsSchema.safeParse(Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) return invalidInputResult(parsed.error);
  const chosen = chosenFile(formData);
  if ("error" in chosen) return chosen.error;
  const { documentId, ...fields } = parsed.data;
  const body = multipart(chosen.file, fields) as unknown as ReplaceBody;
  const result = await callService((client) => client.PUT("/documents/{documentId}", { params: { path: { documentId } }, body }));
  if (result.ok) revalidatePath("/customers", "layout");
  return result;
}

/** DELETE /documents/{documentId}: only before a verification submission included it (else CONFLICT). */
export async function deleteDocumentAction(input: unknown): Promise<ActionResult<null>> {
  const parsed = DocumentIdInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { documentId } = parsed.data;
  const result = await callService((client) => client.DELETE("/documents/{documentId}", { params: { path: { documentId } } }));
  if (!result.ok) return result;
  revalidatePath("/customers", "layout");
  return actionOk(null);
}
