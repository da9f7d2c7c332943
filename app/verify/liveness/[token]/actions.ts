"use server";

import { z } from "zod";
import { services } from "@/lib/services";
import { completeLivenessCheck } from "@/lib/service/external-accounts/complete-liveness-check";
import { isServiceError } from "@/lib/service/http/errors";

export type LivenessResult = { ok: true; outcome: "PASSED" | "FAILED" | "EXPIRED" } | { ok: false; error: { code: string; message: string } };

// The hosted liveness page of a wallet-ownership challenge. The end user has no platform
// credentials: the unguessable token in the link is the credential, so this action calls the
// use case directly rather than the platform API.
export async function completeLivenessAction(input: { token: string; isPassed: boolean }): Promise<LivenessResult> {
  const parsed = z.object({ token: z.string().min(10).max(200), isPassed: z.boolean() }).safeParse(input);
  if (!parsed.success) return { ok: false, error: { code: "INVALID_INPUT", message: "This link is not a liveness check link." } };
  try {
    const { outcome } = await completeLivenessCheck(await services().db(), parsed.data);
    return { ok: true, outcome };
  } catch (e) {
    if (isServiceError(e)) return { ok: false, error: { code: e.code, message: e.message } };
    throw e;
  }
}
