import { describeActionError, type ActionError } from "@/lib/client/action-result";

export type Role = "ADMIN" | "OPERATOR" | "SUPPORT";

export const ROLES: readonly Role[] = ["ADMIN", "OPERATOR", "SUPPORT"];

export const ROLE_LABELS: Record<Role, string> = { ADMIN: "Admin", OPERATOR: "Operator", SUPPORT: "Support" };

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  ADMIN: "Everything, including the team, API tokens and settings.",
  OPERATOR: "View everything and send payments: quotes, transfers, approvals.",
  SUPPORT: "View everything; no changes.",
};

/** Plain-language text for the team's refusals; other codes as every form says them. */
export function describeTeamError(error: ActionError): string {
  switch (error.code) {
    case "STAFF_EMAIL_TAKEN":
      return "This email already has a sign-in. Each person signs in with one email address.";
    case "LAST_ADMIN":
      return "The platform needs at least one admin. Make someone else an admin first.";
    case "CANNOT_REMOVE_SELF":
      return "You cannot remove yourself. Ask another admin.";
    case "CANNOT_RESET_SELF":
      return "You cannot reset your own password here. Change it under Your password, below.";
    case "STAFF_NOT_FOUND":
      return "This member no longer exists; reload the page.";
    default:
      return describeActionError(error);
  }
}
