import { describeActionError, type ActionError } from "@/lib/client/action-result";

/** The provider-link form's anchor on this page, where every link problem is fixed. */
export const LINK_FORM_ANCHOR = "link-provider";

/**
 * Dashboard wording for the codes registering, minting and burning meet: the API's messages name
 * its endpoints, the page names where to fix it. Other codes fall back to the shared wording.
 */
export function describeStablecoinError(error: ActionError): string {
  switch (error.code) {
    case "STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND":
      return "No provider account is linked yet. Link your BRALE account under Provider links above, then try again.";
    case "STABLECOIN_PROVIDER_ACCOUNT_INVALID":
      return "The provider link failed verification. Re-link it with current credentials under Provider links above, then try again.";
    case "STABLECOIN_PROVIDER_ACCOUNT_REVOKED":
      return "The provider link was revoked and cannot be used again. Link the provider account again under Provider links above, then register this token again choosing the new link: the stablecoin moves to it, keeping its id.";
    case "STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED":
      return "Several provider links are active: choose one under Provider link.";
    case "SERVICE_UNAVAILABLE":
      return "The stablecoin provider is unavailable right now. Nothing was done; try again in a moment.";
    case "CONFLICT":
      return error.fieldErrors?.providerTokenIdentifier || error.details?.field === "providerTokenIdentifier" ? "This provider token is already registered: it is in the list above." : describeActionError(error);
    default:
      return describeActionError(error);
  }
}
