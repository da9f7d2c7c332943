import "server-only";
import { NotSignedInError, serviceClient } from "./server";
import type { ServiceClient } from "./create-client";
import { actionOk, serviceErrorResult, type ActionResult } from "./action-result";

interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Runs one typed-client call as the signed-in staff user and turns the answer into an
 * ActionResult. A missing session is a value too (`UNAUTHENTICATED`, `PASSWORD_CHANGE_REQUIRED`),
 * so forms can say so.
 */
export async function callService<T>(call: (client: ServiceClient) => Promise<CallResult<T>>): Promise<ActionResult<T>> {
  let client: ServiceClient;
  try {
    client = await serviceClient();
  } catch (error) {
    if (error instanceof NotSignedInError) return { ok: false, error: error.actionError };
    throw error;
  }
  const { data, error, response } = await call(client);
  if (!response.ok) return serviceErrorResult(error, response.status);
  return actionOk(data as T);
}
