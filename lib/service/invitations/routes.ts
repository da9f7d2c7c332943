import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { requirePermission } from "../http/auth";
import type { AppEnv } from "../http/context";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { now } from "../sandbox/clock";
import { cancelInvitation } from "./cancel-invitation";
import { claimInvitation } from "./claim-invitation";
import { createInvitation } from "./create-invitation";
import { getInvitationOrThrow } from "./get-invitation-or-throw";
import { InvitationCodeParamSchema, UmaInvitationClaimRequestSchema, UmaInvitationCreateRequestSchema, UmaInvitationSchema } from "./schemas";
import { serializeInvitation, type InvitationRow } from "./serialize-invitation";

const tags = ["Invitations"];
const security = BASIC_AUTH;

function appOrigin(c: Context<AppEnv>): string {
  return process.env.NEXTAUTH_URL?.replace(/\/$/, "") ?? new URL(c.req.url).origin;
}
async function show(c: Context<AppEnv>, row: InvitationRow) {
  return serializeInvitation(row, await now(c.get("db"), row.platformId), appOrigin(c));
}

export const invitationsRouter = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/invitations",
      operationId: "createInvitation",
      summary: "Create a UMA invitation",
      description:
        "A PENDING invitation with a shareable `code` and `url`. Needs the platform's `umaDomain` (400 INVITATIONS_NOT_CONFIGURED); a malformed `inviterUma` → 400 INVALID_UMA_ADDRESS. `inviterUma` is not looked up: it need not be a customer of the platform (the platform vouches for its own user). `amountToSend` is display only. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { body: jsonBody(UmaInvitationCreateRequestSchema) },
      responses: { 201: jsonResponse(UmaInvitationSchema, "The invitation"), ...errorResponses(400, 403) },
    }),
    async (c) => c.json(await show(c, await createInvitation(c.get("db"), { platformId: c.get("auth").platformId, request: c.req.valid("json") })), 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/invitations/{invitationCode}",
      operationId: "getInvitation",
      summary: "Get an invitation by code",
      description: "Any platform can look an invitation up by its code (the invitee's platform does). Past `expiresAt` a PENDING invitation shows EXPIRED.",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: InvitationCodeParamSchema },
      responses: { 200: jsonResponse(UmaInvitationSchema, "The invitation"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await show(c, await getInvitationOrThrow(c.get("db"), c.req.valid("param").invitationCode)), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/invitations/{invitationCode}/claim",
      operationId: "claimInvitation",
      summary: "Claim an invitation",
      description:
        "The invitee claims a PENDING invitation: CLAIMED with `claimedAt` and `inviteeUma`, and INVITATION.CLAIMED is sent to the inviter's platform, which then sends the payment. 400 INVITATION_ALREADY_CLAIMED, INVITATION_CANCELLED, INVALID_INPUT when expired, INVALID_UMA_ADDRESS, SELF_PAYMENT when `inviteeUma` is the inviter's own address (compared case-insensitively); 404 INVITATION_NOT_FOUND. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: InvitationCodeParamSchema, body: jsonBody(UmaInvitationClaimRequestSchema) },
      responses: { 200: jsonResponse(UmaInvitationSchema, "The claimed invitation"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const row = await claimInvitation(c.get("db"), {
        platformId: c.get("auth").platformId,
        code: c.req.valid("param").invitationCode,
        inviteeUma: c.req.valid("json").inviteeUma,
        appOrigin: appOrigin(c),
      });
      return c.json(await show(c, row), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/invitations/{invitationCode}/cancel",
      operationId: "cancelInvitation",
      summary: "Cancel an invitation",
      description: "Only the creating platform (403 FORBIDDEN otherwise), only while PENDING (400 INVITATION_ALREADY_CLAIMED, INVITATION_CANCELLED, INVALID_INPUT when expired). Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: InvitationCodeParamSchema },
      responses: { 200: jsonResponse(UmaInvitationSchema, "The cancelled invitation"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await show(c, await cancelInvitation(c.get("db"), { platformId: c.get("auth").platformId, code: c.req.valid("param").invitationCode })), 200),
  );
