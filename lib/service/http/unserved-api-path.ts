import type { ErrorBody } from "./errors";
import { API_BASE_PATH, API_VERSION } from "./openapi";

const DATE_VERSION = /^\d{4}-\d{2}-\d{2}$/;
const NUMBERED_VERSION = /^v\d+(\.\d+)*$/i;

/**
 * The 404 for an `/api/…` path outside the served version (`/api/2025-10-12/config`,
 * `/api/v1/config`, `/api/config`): the JSON envelope naming the version and base path this
 * server serves, and the path to try, so a client on the wrong version learns it from the answer.
 */
export function unservedApiPathError(method: string, pathname: string): ErrorBody {
  const rest = pathname.replace(/^\/api\/?/, "").split("/").filter(Boolean);
  const [first = "", ...after] = rest;
  const isVersion = first !== API_VERSION && (DATE_VERSION.test(first) || NUMBERED_VERSION.test(first));
  const suggested = `${API_BASE_PATH}/${(isVersion ? after : rest).join("/")}`.replace(/\/$/, "");
  const served = `this server serves version ${API_VERSION} at ${API_BASE_PATH}`;
  const message = isVersion
    ? `API version ${first} is not served here: ${served} (the API is versioned by date). Try ${method} ${suggested}.`
    : `No such endpoint: ${method} ${pathname}. The Service API has the version in its path: ${served}. Try ${method} ${suggested}; the operations are described at ${API_BASE_PATH}/openapi.json.`;
  return {
    status: 404,
    code: "NOT_FOUND",
    message,
    details: { servedVersion: API_VERSION, basePath: API_BASE_PATH, ...(isVersion && { requestedVersion: first }) },
  };
}
