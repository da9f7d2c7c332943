import "server-only";
import { getStaffSession } from "@/lib/auth/session";
import { services } from "@/lib/services";
import { STAFF_HEADERS } from "@/lib/service/http/auth";
import { ROLE_PERMISSIONS } from "@/lib/service/staff/roles";
import { createServiceClient, type ServiceClient } from "./create-client";

export class NotSignedInError extends Error {}

/**
 * The dashboard's only door to the service: the embedded service in-process by default, or
 * SERVICE_BASE_URL with SERVICE_CLIENT_ID/SERVICE_CLIENT_SECRET when set.
 */
export async function serviceClient(): Promise<ServiceClient> {
  // The staff user as of this request: a changed role brings its permissions, a removed user has none.
  const session = await getStaffSession();
  if (!session) throw new NotSignedInError("Sign in first");
  const baseUrl = process.env.SERVICE_BASE_URL;
  if (baseUrl) {
    return createServiceClient({
      kind: "http",
      baseUrl,
      clientId: process.env.SERVICE_CLIENT_ID ?? "",
      clientSecret: process.env.SERVICE_CLIENT_SECRET ?? "",
    });
  }
  const svc = services();
  return createServiceClient({
    kind: "in-process",
    fetch: (request) => svc.api.fetch(request),
    headers: {
      [STAFF_HEADERS.key]: svc.internalKey,
      [STAFF_HEADERS.platform]: session.user.platformId,
      [STAFF_HEADERS.staff]: session.user.id,
      [STAFF_HEADERS.permissions]: ROLE_PERMISSIONS[session.user.role].join(","),
    },
  });
}
