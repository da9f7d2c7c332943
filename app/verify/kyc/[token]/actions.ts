"use server";

import { z } from "zod";
import { services } from "@/lib/services";
import { isServiceError } from "@/lib/service/http/errors";
import { submitKycLink } from "@/lib/service/verifications/submit-kyc-link";

export type KycSubmitResult = { ok: true; verificationStatus: string; redirectUri: string | null } | { ok: false; error: { code: string; message: string } };

// The hosted KYC page. The end user has no platform credentials: the unguessable token in the
// link is the credential, so this action calls the use case directly rather than the platform API.
export async function submitKycAction(input: { token: string }): Promise<KycSubmitResult> {
  const parsed = z.object({ token: z.string().min(10).max(200) }).safeParse(input);
  if (!parsed.success) return { ok: false, error: { code: "INVALID_INPUT", message: "This is not a verification link." } };
  try {
    return { ok: true, ...(await submitKycLink(await services().db(), parsed.data.token)) };
  } catch (e) {
    if (isServiceError(e)) return { ok: false, error: { code: e.code, message: e.message } };
    throw e;
  }
}
