import "server-only";
import { NotSignedInError, serviceClient } from "./server";
import type { ServiceClient } from "./create-client";
import { actionOk, serviceErrorResult, serviceUnreachableResult, type ActionResult } from "./action-result";

interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The signed-in staff user's client, or the refusal as a value (`UNAUTHENTICATED`,
 * `PASSWORD_CHANGE_REQUIRED`). React's cache does not hold inside a server action, so there every
 * serviceClient() reads the session again (a JWT decrypt and a staff lookup): an action that makes
 * several calls (a search reading page after page) takes the client once and hands it to callWith.
 */
export async function actionClient(): Promise<ActionResult<ServiceClient>> {
  try {
    return actionOk(await serviceClient());
  } catch (error) {
    if (error instanceof NotSignedInError) return { ok: false, error: error.actionError };
    throw error;
  }
}

/**
 * Runs one typed-client call with `client` and turns the answer into an ActionResult, a service
 * that cannot be reached included: thrown, it would replace the user's form with an error page.
 */
export async function callWith<T>(client: ServiceClient, call: (client: ServiceClient) => Promise<CallResult<T>>): Promise<ActionResult<T>> {
  let answer: CallResult<T>;
  try {
    answer = await call(client);
  } catch (thrown) {
    const unreachable = serviceUnreachableResult(thrown);
    if (unreachable) return unreachable;
    throw thrown;
  }
  const { data, error, response } = answer;
  if (!response.ok) return serviceErrorResult(error, response.status);
  return actionOk(data as T);
}

/**
 * Runs one typed-client call as the signed-in staff user and turns the answer into an
 * ActionResult. A missing session is a value too (`UNAUTHENTICATED`, `PASSWORD_CHANGE_REQUIRED`),
 * so forms can say so.
 */
export async function callService<T>(call: (client: ServiceClient) => Promise<CallResult<T>>): Promise<ActionResult<T>> {
  const client = await actionClient();
  if (!client.ok) return client;
  return callWith(client.data, call);
}
