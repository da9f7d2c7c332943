import "server-only";
import type { components } from "@/lib/client/generated/schema";
import { createServiceClient, type ServiceClient } from "@/lib/client/create-client";
import { STAFF_HEADERS } from "@/lib/service/http/auth";
import { isServiceError } from "@/lib/service/http/errors";
import { getInvitationOrThrow } from "@/lib/service/invitations/get-invitation-or-throw";
import { services } from "@/lib/services";

export type Invitation = components["schemas"]["UmaInvitation"];

/** Codes the API could hold (it takes up to 64 characters); anything else is no invitation. */
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The invitation behind a public /invite/<code> link, as GET /invitations/{code} shows it, or null
 * when no invitation has this code. Any platform may look a code up; in-process the call is made as
 * the platform that created the invitation (view only), over SERVICE_BASE_URL with its API token.
 */
export async function loadInvitation(code: string): Promise<Invitation | null> {
  if (!CODE.test(code)) return null;
  const client = await invitationClient(code);
  if (!client) return null;
  const { data, error, response } = await client.GET("/invitations/{invitationCode}", { params: { path: { invitationCode: code } } });
  if (data) return data;
  if (response.status === 404) return null;
  throw new Error(`The invitation could not be loaded: ${error?.message ?? response.statusText}`);
}

async function invitationClient(code: string): Promise<ServiceClient | null> {
  const baseUrl = process.env.SERVICE_BASE_URL;
  if (baseUrl) return createServiceClient({ kind: "http", baseUrl, clientId: process.env.SERVICE_CLIENT_ID ?? "", clientSecret: process.env.SERVICE_CLIENT_SECRET ?? "" });
  const svc = services();
  let platformId: string;
  try {
    platformId = (await getInvitationOrThrow(await svc.db(), code)).platformId;
  } catch (error) {
    if (isServiceError(error) && error.code === "INVITATION_NOT_FOUND") return null;
    throw error;
  }
  return createServiceClient({
    kind: "in-process",
    fetch: (request) => svc.api.fetch(request),
    headers: { [STAFF_HEADERS.key]: svc.internalKey, [STAFF_HEADERS.platform]: platformId, [STAFF_HEADERS.staff]: "invite-page", [STAFF_HEADERS.permissions]: "VIEW" },
  });
}
