import type { SandboxCounterparty } from "../uma/sandbox-counterparties";

const COUNTRY: Record<SandboxCounterparty["currency"], string> = { USD: "US", EUR: "DE", MXN: "MX" };

/**
 * What a sandbox counterparty declares about its sender (`counterpartyInformation`, keys from
 * CustomerInfoFieldName): fixed, readable values, so tests and screens can rely on them.
 */
export function sandboxSenderInformation(sender: SandboxCounterparty): Record<string, string> {
  const country = COUNTRY[sender.currency];
  return {
    FULL_NAME: `Sandbox Sender ${sender.currency}`,
    BIRTH_DATE: "1990-01-15",
    NATIONALITY: country,
    COUNTRY_OF_RESIDENCE: country,
    ACCOUNT_IDENTIFIER: sender.address,
    FI_LEGAL_ENTITY_NAME: "Sandbox UMA Counterparty",
  };
}
