import "server-only";
import { headers } from "next/headers";
import { API_BASE_PATH } from "../service/http/openapi";

/** True when the dashboard drives another implementation of the interface over HTTP. */
export function isExternalService(): boolean {
  return Boolean(process.env.SERVICE_BASE_URL);
}

/** `{base_url}` as an integrator reaches it: the external service's, or this origin + /api/2025-10-13. */
export async function apiBaseUrl(): Promise<string> {
  const external = process.env.SERVICE_BASE_URL;
  if (external) return external.replace(/\/$/, "");
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host");
  if (!host) return `${(process.env.NEXTAUTH_URL ?? "http://localhost:3000").replace(/\/$/, "")}${API_BASE_PATH}`;
  const proto = h.get("x-forwarded-proto")?.split(",")[0]?.trim() || "http";
  return `${proto}://${host}${API_BASE_PATH}`;
}
