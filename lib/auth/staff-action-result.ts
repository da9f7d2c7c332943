import { actionOk, type ActionResult } from "@/lib/client/action-result";
import { isStaffError } from "@/lib/service/staff/staff-error";

/**
 * Runs a staff use case for a server action: its refusals (StaffError) become the answer, with
 * field errors and the wait before a retry; anything else is thrown on.
 */
export async function staffActionResult<T>(run: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return actionOk(await run());
  } catch (e) {
    if (!isStaffError(e)) throw e;
    const { code, message, fieldErrors, retryAfterSeconds } = e;
    return { ok: false, error: { code, message, ...(fieldErrors && { fieldErrors }), ...(retryAfterSeconds !== undefined && { retryAfterSeconds }) } };
  }
}
