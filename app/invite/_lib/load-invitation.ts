import "server-only";
import type { components } from "@/lib/client/generated/schema";
import type { ServiceClient } from "@/lib/client/create-client";
import { platformClient } from "@/lib/client/platform-client";
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

/** In-process: the platform that created the invitation, found by its code; over SERVICE_BASE_URL the token's. */
async function invitationClient(code: string): Promise<ServiceClient | null> {
  let platformId = "";
  if (!process.env.SERVICE_BASE_URL) {
    try {
      platformId = (await getInvitationOrThrow(await services().db(), code)).platformId;
    } catch (error) {
      if (isServiceError(error) && error.code === "INVITATION_NOT_FOUND") return null;
      throw error;
    }
  }
  return platformClient(platformId, { name: "invite-page", permissions: ["VIEW"] });
}
