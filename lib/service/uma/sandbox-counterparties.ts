import { ServiceError } from "../http/errors";
import { UMA_ADDRESS_PATTERN } from "../customers/uma-address";

/** The domain of the sandbox's simulated UMA counterparties (BEHAVIORS.md §4.6). */
export const SANDBOX_COUNTERPARTY_DOMAIN = "sandbox.uma.money";

/** What a payment to or from a sandbox counterparty does. */
export type CounterpartyBehavior = "SUCCESS" | "PENDING_LONG" | "FAIL_COMPLIANCE" | "SERVER_ERROR" | "LOOKUP_TIMEOUT" | "QUOTE_TIMEOUT" | "INVALID_PAYREQ";

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
  // Counterparty failures (SPEC.md § Errors 502/504; our sandbox names): the lookup or the quote fails.
  "fail.server.usd": { currency: "USD", behavior: "SERVER_ERROR" },
  "fail.lookup.timeout.usd": { currency: "USD", behavior: "LOOKUP_TIMEOUT" },
  "fail.quote.timeout.usd": { currency: "USD", behavior: "QUOTE_TIMEOUT" },
  "fail.payreq.usd": { currency: "USD", behavior: "INVALID_PAYREQ" },
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

/**
 * The counterparty's own failure at `stage` (sandbox addresses `$fail.server.usd@…` → 502
 * COUNTERPARTY_SERVER_ERROR at lookup and quote; `$fail.lookup.timeout.usd@…` → 504
 * LOOKUP_REQUEST_FAILED at lookup; `$fail.quote.timeout.usd@…` → 504 QUOTE_REQUEST_FAILED and
 * `$fail.payreq.usd@…` → 502 INVALID_PAYREQ_RESPONSE at quote). Retryable errors say so.
 */
export function assertCounterpartyAnswers(counterparty: SandboxCounterparty, stage: "LOOKUP" | "QUOTE"): void {
  const details = { umaAddress: counterparty.address, stage };
  switch (counterparty.behavior) {
    case "SERVER_ERROR":
      throw new ServiceError("COUNTERPARTY_SERVER_ERROR", `${counterparty.address}'s UMA provider answered with a server error; nothing was created — retry later`, { details });
    case "LOOKUP_TIMEOUT":
      if (stage === "LOOKUP") throw new ServiceError("LOOKUP_REQUEST_FAILED", `The lookup of ${counterparty.address} timed out at its UMA provider; nothing was created — retry the lookup`, { details });
      return;
    case "QUOTE_TIMEOUT":
      if (stage === "QUOTE") throw new ServiceError("QUOTE_REQUEST_FAILED", `${counterparty.address}'s UMA provider did not answer the quote request in time; nothing was created — retry the quote`, { details });
      return;
    case "INVALID_PAYREQ":
      if (stage === "QUOTE") throw new ServiceError("INVALID_PAYREQ_RESPONSE", `${counterparty.address}'s UMA provider returned an invalid payment request; nothing was created — try again later or pay another address`, { details });
      return;
    default:
      return;
  }
}
