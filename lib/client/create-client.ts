import createClient from "openapi-fetch";
import type { paths } from "./generated/schema";
import { API_BASE_PATH } from "../service/http/openapi";

export type ServiceClient = ReturnType<typeof createClient<paths>>;

/** The error envelope every failing call answers with (SPEC.md § Errors). */
export interface ServiceErrorBody {
  status: number;
  code: string;
  message: string;
  details?: { errors?: { field: string; message?: string; constraint?: Record<string, unknown> }[]; [key: string]: unknown };
}

export type Transport =
  /** The embedded service, called in-process with a signed-in staff user's identity. */
  | { kind: "in-process"; fetch: (request: Request) => Promise<Response> | Response; headers: Record<string, string> }
  /** Any implementation of the interface over HTTP, with an API token. */
  | { kind: "http"; baseUrl: string; clientId: string; clientSecret: string };

export function createServiceClient(transport: Transport): ServiceClient {
  if (transport.kind === "http") {
    const authorization = `Basic ${Buffer.from(`${transport.clientId}:${transport.clientSecret}`).toString("base64")}`;
    return createClient<paths>({ baseUrl: transport.baseUrl.replace(/\/$/, ""), headers: { authorization } });
  }
  return createClient<paths>({
    baseUrl: `http://in-process${API_BASE_PATH}`,
    headers: transport.headers,
    fetch: (request: Request) => Promise.resolve(transport.fetch(request)),
  });
}
