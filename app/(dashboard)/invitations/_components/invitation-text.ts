import { describeActionError, type ActionError } from "@/lib/client/action-result";

export const NOT_CONFIGURED_TEXT =
  "Invitations need your platform's UMA domain: the domain after the @ in your customers' UMA addresses (such as $alice@pay.example.com). Set it under Settings → UMA domain, then create the invitation again.";

/** Creating or cancelling an invitation, in words; the form shows field errors beside the fields. */
export function invitationErrorText(error: ActionError): string {
  switch (error.code) {
    case "INVITATIONS_NOT_CONFIGURED":
      return NOT_CONFIGURED_TEXT;
    case "INVALID_UMA_ADDRESS":
      return "The inviter's UMA address is not valid. It looks like $alice@example.com.";
    case "INVITATION_ALREADY_CLAIMED":
      return "This invitation was already claimed, so it can no longer be cancelled.";
    case "INVITATION_CANCELLED":
      return "This invitation is already cancelled.";
    case "INVITATION_NOT_FOUND":
      return "No invitation has this code.";
    case "FORBIDDEN":
      return "Only admins of the platform that created the invitation can change it.";
    case "INVALID_INPUT":
      return error.fieldErrors ? describeActionError(error) : `${error.message}.`;
    default:
      return describeActionError(error);
  }
}
