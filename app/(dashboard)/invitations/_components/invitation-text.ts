import { describeActionError, type ActionError } from "@/lib/client/action-result";

export const NOT_CONFIGURED_TEXT =
  "Invitations need your platform's UMA domain: the part after the @ in the UMA addresses your customers get (enter pay.example.com for addresses like $alice@pay.example.com). Set it under Settings → UMA domain, then create the invitation again. It changes no existing address: customers created before keep theirs and can still invite; only customers created afterwards get addresses at the new domain.";

/**
 * The banner's advice on what to enter: the domain the platform's customers already have addresses
 * at (`existingDomain`, from one of them), so setting it keeps every customer on one domain.
 */
export function umaDomainSuggestion(existingDomain: string | undefined): string | null {
  if (!existingDomain) return null;
  return `Your customers' addresses so far end in @${existingDomain}: enter ${existingDomain} to keep new customers on that domain too, or your own domain to give new customers addresses there.`;
}

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
