"use server";

import { isIP } from "node:net";
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";
import { pickUnits, staleEdit, staleEditError } from "../_lib/stale-edit";
import { CUSTOMER_UNITS, CustomerFormSchema, customerToFormValues, missingNameErrors, toCreateRequest, toUpdateRequest, type ConsentSource } from "./form-values";

type Customer = components["schemas"]["CustomerOneOf"];
type UpdateRequest = components["schemas"]["CustomerUpdateRequestOneOf"];
type BulkJobAccepted = components["schemas"]["BulkCustomerImportJobAccepted"];
type BulkJob = components["schemas"]["BulkCustomerImportJob"];

const CustomerIdInputSchema = z.object({ customerId: z.string().min(1).max(200) });
/** `openedWith`: the form's values when the page was opened, to save only what this user changed since. */
const UpdateCustomerInputSchema = CustomerIdInputSchema.extend({ values: CustomerFormSchema, openedWith: CustomerFormSchema });
const JobIdInputSchema = z.object({ jobId: z.string().min(1).max(200) });

/** The API's limit; checked here too so a huge upload fails before it is streamed onwards. */
const MAX_CSV_BYTES = 5 * 1024 * 1024;

/**
 * Staff record the customer's acceptance as they see it: now, from the address this request came
 * from (the first X-Forwarded-For hop when a proxy set one; loopback when there is none).
 */
async function consentSource(): Promise<ConsentSource> {
  const forwarded = (await headers()).get("x-forwarded-for")?.split(",")[0]?.trim() ?? "";
  return { acceptedAt: new Date().toISOString(), ipAddress: isIP(forwarded) ? forwarded : "127.0.0.1" };
}

const CreateCustomerInputSchema = z.object({
  values: z.unknown(),
  /** The form's key for this customer (useIdempotencyKey): pressing Create again after a lost answer replays, never creates a second. */
  idempotencyKey: z.string().min(16).max(255),
});

/**
 * POST /customers with the form's Idempotency-Key; the API's field errors come back keyed by the
 * form's field paths. A retry whose body differs from the first attempt's (a consent is stamped
 * with the time of each attempt) is refused by the key: said as "may already exist", never a second customer.
 */
export async function createCustomerAction(input: unknown): Promise<ActionResult<Customer>> {
  const shaped = CreateCustomerInputSchema.safeParse(input);
  if (!shaped.success) return invalidInputResult(shaped.error);
  // Parsed on its own so that its errors are keyed by the form's field paths.
  const parsed = CustomerFormSchema.safeParse(shaped.data.values);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const fieldErrors = missingNameErrors(parsed.data);
  if (Object.keys(fieldErrors).length > 0) return { ok: false, error: { code: "INVALID_INPUT", message: "Some fields are invalid", fieldErrors } };
  const body = toCreateRequest(parsed.data, await consentSource());
  const result = await callService((client) => client.POST("/customers", { body, headers: { "Idempotency-Key": shaped.data.idempotencyKey } }));
  if (result.ok) revalidatePath("/customers");
  else if (result.error.code === "CONFLICT" && result.error.details?.idempotencyKey !== undefined)
    return {
      ok: false,
      error: {
        code: "MAY_ALREADY_EXIST",
        message: "Your first attempt may already have created this customer: its answer was lost. Check the Customers list before creating it again.",
      },
    };
  return result;
}

/**
 * PATCH /customers/{customerId} with the fields this user changed since the page was opened (and
 * the write-only identifier and a consent, when given); refused when someone else changed one of
 * them meanwhile, so a stale form never writes back old values. Consents are added.
 */
export async function updateCustomerAction(input: unknown): Promise<ActionResult<Customer>> {
  const parsed = UpdateCustomerInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { customerId, values, openedWith } = parsed.data;
  const current = await callService((client) => client.GET("/customers/{customerId}", { params: { path: { customerId } } }));
  if (!current.ok) return current;
  const { changed, conflicts } = staleEdit(CUSTOMER_UNITS, { opened: openedWith, edited: values, current: customerToFormValues(current.data) });
  if (conflicts.length > 0) return { ok: false, error: staleEditError(conflicts) };
  const { customerType, agreementConsents, ...fields } = toUpdateRequest(values, await consentSource());
  const identifier = "identifier" in fields ? fields.identifier : undefined;
  const body = { customerType, ...pickUnits(fields, changed), ...(identifier && { identifier }), ...(agreementConsents && { agreementConsents }) } as UpdateRequest;
  const result = await callService((client) => client.PATCH("/customers/{customerId}", { params: { path: { customerId } }, body }));
  if (result.ok && "payloadToSign" in result.data) {
    // 202: the contact is a sign-in credential of the customer's embedded wallet; only the customer can approve moving it.
    const field = body.email !== undefined ? "email" : "phoneNumber";
    const message = `This ${field === "email" ? "email" : "phone number"} signs the customer in to their embedded wallet, so the change must be signed by the customer from their wallet (a signed retry). Ask them to make it in your app; nothing was changed.`;
    return { ok: false, error: { code: "WALLET_SIGNATURE_MISSING", message, fieldErrors: { [field]: "changes only with the customer's wallet signature" } } };
  }
  if (result.ok) revalidatePath("/customers", "layout");
  return result as ActionResult<Customer>;
}

/** DELETE /customers/{customerId}: the customer stays readable, marked deleted. */
export async function deleteCustomerAction(input: unknown): Promise<ActionResult<Customer>> {
  const parsed = CustomerIdInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { customerId } = parsed.data;
  const result = await callService((client) => client.DELETE("/customers/{customerId}", { params: { path: { customerId } } }));
  if (result.ok) revalidatePath("/customers", "layout");
  return result;
}

/** POST /customers/bulk/csv with the form's `file`; the rows are created by a background job. */
export async function uploadCustomersCsvAction(formData: FormData): Promise<ActionResult<BulkJobAccepted>> {
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return { ok: false, error: { code: "INVALID_INPUT", message: "Choose a CSV file", fieldErrors: { file: "choose a CSV file" } } };
  }
  if (file.size > MAX_CSV_BYTES) {
    return { ok: false, error: { code: "INVALID_INPUT", message: "The file is too large", fieldErrors: { file: "must be at most 5 MB" } } };
  }
  const body = new FormData();
  body.set("file", file, file.name);
  // openapi-fetch sends FormData as multipart with its boundary; the typed body says `file: string`.
  const result = await callService((client) => client.POST("/customers/bulk/csv", { body: body as unknown as { file: string } }));
  if (result.ok) revalidatePath("/customers");
  return result;
}

/** GET /customers/bulk/jobs/{jobId}: progress, per-row errors and the customers created so far. */
export async function getBulkImportJobAction(input: unknown): Promise<ActionResult<BulkJob>> {
  const parsed = JobIdInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { jobId } = parsed.data;
  return callService((client) => client.GET("/customers/bulk/jobs/{jobId}", { params: { path: { jobId } } }));
}
