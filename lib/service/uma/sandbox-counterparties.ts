import { ServiceError } from "../http/errors";
import { UMA_ADDRESS_PATTERN } from "../customers/uma-address";

/** The domain of the sandbox's simulated UMA counterparties (BEHAVIORS.md §4.6). */
export const SANDBOX_COUNTERPARTY_DOMAIN = "sandbox.uma.money";

/** What a payment to or from a sandbox counterparty does. */
export type CounterpartyBehavior = "SUCCESS" | "PENDING_LONG" | "FAIL_COMPLIANCE";

export interface SandboxCounterparty {
  /** The address as given, lower-cased. */
  address: string;
  /** The one currency the counterparty receives and sends. */
  currency: "USD" | "EUR" | "MXN";
  behavior: CounterpartyBehavior;
}

const COUNTERPARTIES: Readonly<Record<string, Omit<SandboxCounterparty, "address">>> = {
  "success.usd": { currency: "USD", behavior: "SUCCESS" },
  "success.eur": { currency: "EUR", behavior: "SUCCESS" },
  "success.mxn": { currency: "MXN", behavior: "SUCCESS" },
  "pending.long.usd": { currency: "USD", behavior: "PENDING_LONG" },
  "fail.compliance.usd": { currency: "USD", behavior: "FAIL_COMPLIANCE" },
};

/** Every sandbox counterparty address, for docs, the dashboard and tests. */
export const SANDBOX_COUNTERPARTY_ADDRESSES = Object.keys(COUNTERPARTIES).map((user) => `$${user}@${SANDBOX_COUNTERPARTY_DOMAIN}`);

/**
 * Resolves a UMA address to a sandbox counterparty (BEHAVIORS.md §4.6): `$success.usd@sandbox.uma.money`
 * and its EUR/MXN twins succeed, `$pending.long.usd@…` pends, `$fail.compliance.usd@…` fails
 * compliance. Throws: INVALID_UMA_ADDRESS (not `$user@domain`), USER_NOT_FOUND (a domain with no
 * counterparty behind it), UMA_NOT_FOUND (the sandbox domain, but no such user).
 */
export function resolveSandboxCounterparty(umaAddress: string): SandboxCounterparty {
  if (!UMA_ADDRESS_PATTERN.test(umaAddress))
    throw new ServiceError("INVALID_UMA_ADDRESS", `"${umaAddress}" is not a UMA address; the form is $user@domain, for example $success.usd@${SANDBOX_COUNTERPARTY_DOMAIN}`, {
      details: { umaAddress },
    });
  const address = umaAddress.toLowerCase();
  const [user, domain] = address.slice(1).split("@") as [string, string];
  if (domain !== SANDBOX_COUNTERPARTY_DOMAIN)
    throw new ServiceError("USER_NOT_FOUND", `No UMA provider answers for ${domain}; sandbox platforms can pay only the counterparties at ${SANDBOX_COUNTERPARTY_DOMAIN}: ${SANDBOX_COUNTERPARTY_ADDRESSES.join(", ")}`, {
      details: { umaAddress, domain },
    });
  const counterparty = COUNTERPARTIES[user];
  if (!counterparty)
    throw new ServiceError("UMA_NOT_FOUND", `${SANDBOX_COUNTERPARTY_DOMAIN} has no user "${user}"; use one of ${SANDBOX_COUNTERPARTY_ADDRESSES.join(", ")}`, { details: { umaAddress } });
  return { address, ...counterparty };
}
