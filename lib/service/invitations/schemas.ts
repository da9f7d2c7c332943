import { z } from "@hono/zod-openapi";
import { DateTimeInputSchema } from "../http/date-schemas";
import { CurrencyAmountSchema } from "../internal-accounts/schemas";

export const InvitationStatusSchema = z.enum(["PENDING", "CLAIMED", "EXPIRED", "CANCELLED"]).openapi("UmaInvitationStatus");

export const UmaInvitationSchema = z
  .object({
    code: z.string().openapi({ example: "K7Q2M9XD" }),
    url: z.string().openapi({ description: "Link to share with the invitee." }),
    status: InvitationStatusSchema,
    inviterUma: z.string(),
    inviteeUma: z.string().optional(),
    firstName: z.string().optional(),
    amountToSend: CurrencyAmountSchema.optional().openapi({ description: "Display only: the inviter's platform sends the payment after INVITATION.CLAIMED." }),
    expiresAt: z.string().datetime().optional(),
    claimedAt: z.string().datetime().optional(),
    createdAt: z.string().datetime(),
  })
  .openapi("UmaInvitation");
export type UmaInvitation = z.infer<typeof UmaInvitationSchema>;

export const UmaInvitationCreateRequestSchema = z
  .object({
    inviterUma: z.string().min(1).max(320).openapi({ description: "UMA address of the inviting customer.", example: "$alice@uma.example.com" }),
    firstName: z.string().min(1).max(255).optional().openapi({ description: "The invitee's first name, for display." }),
    amountToSend: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().openapi({ description: "Display only, in minor units of the platform's first currency." }),
    expiresAt: DateTimeInputSchema.optional().openapi({ description: "After this the invitation is EXPIRED; must be after the platform's current time (a sandbox platform's clock may run ahead: GET /sandbox/clock)." }),
  })
  .strict()
  .openapi("UmaInvitationCreateRequest");
export type UmaInvitationCreateRequest = z.infer<typeof UmaInvitationCreateRequestSchema>;

export const UmaInvitationClaimRequestSchema = z
  .object({ inviteeUma: z.string().min(1).max(320).openapi({ example: "$bob@uma.other.example" }) })
  .strict()
  .openapi("UmaInvitationClaimRequest");

export const InvitationCodeParamSchema = z.object({
  invitationCode: z.string().max(64).openapi({ param: { name: "invitationCode", in: "path" }, example: "K7Q2M9XD" }),
});
