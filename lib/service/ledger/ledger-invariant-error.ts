/**
 * A caller broke a ledger rule that no API request can cause (unbalanced or empty posting, a zero
 * amount, an account of another platform). Deliberately not a ServiceError: it is a bug in the
 * calling code, so the app answers 500 INTERNAL_ERROR and logs it instead of blaming the client.
 */
export class LedgerInvariantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LedgerInvariantError";
  }
}
