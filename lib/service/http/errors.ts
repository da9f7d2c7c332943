import { isConnectionLoss } from "@/lib/db/connection-loss";

/**
 * The closed table of error codes and their HTTP status (SPEC.md § Errors, plus the peer codes
 * API-INDEX.md keeps as additive). Domain code throws ServiceError; only app.ts builds responses.
 */
export const ERROR_STATUS = {
  // 400
  INVALID_INPUT: 400,
  END_USER_TERMS_VERSION_NOT_FOUND: 400,
  MISSING_MANDATORY_USER_INFO: 400,
  INVITATION_ALREADY_CLAIMED: 400,
  INVITATIONS_NOT_CONFIGURED: 400,
  INVALID_UMA_ADDRESS: 400,
  INVITATION_CANCELLED: 400,
  INVALID_RECEIVER: 400,
  PARSE_PAYREQ_RESPONSE_ERROR: 400,
  CERT_CHAIN_INVALID: 400,
  CERT_CHAIN_EXPIRED: 400,
  INVALID_PUBKEY_FORMAT: 400,
  MISSING_REQUIRED_UMA_PARAMETERS: 400,
  SENDER_NOT_ACCEPTED: 400,
  AMOUNT_OUT_OF_RANGE: 400,
  INVALID_CURRENCY: 400,
  INVALID_TIMESTAMP: 400,
  INVALID_NONCE: 400,
  INVALID_REQUEST_FORMAT: 400,
  INVALID_BANK_ACCOUNT: 400,
  SELF_PAYMENT: 400,
  PARSE_LNURLP_RESPONSE_ERROR: 400,
  INVALID_AMOUNT: 400,
  WEBHOOK_ENDPOINT_NOT_SET: 400,
  WEBHOOK_DELIVERY_ERROR: 400,
  LOW_QUALITY: 400,
  DATA_MISMATCH: 400,
  EXPIRED: 400,
  SUSPECTED_FRAUD: 400,
  UNSUITABLE_DOCUMENT: 400,
  INCOMPLETE: 400,
  EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: 400,
  SMS_OTP_CREDENTIAL_ALREADY_EXISTS: 400,
  PASSKEY_CREDENTIAL_ALREADY_EXISTS: 400,
  STABLECOIN_PROVIDER_ACCOUNT_INVALID: 400,
  STABLECOIN_PROVIDER_ACCOUNT_REVOKED: 400,
  STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED: 400,
  TRANSACTION_SIZE_LIMIT_EXCEEDED: 400,
  CARDHOLDER_KYC_NOT_APPROVED: 400,
  /** BEHAVIORS.md §4.9/§5: a card funding source that is not usable. */
  FUNDING_SOURCE_INELIGIBLE: 400,
  EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED: 400,
  /** BEHAVIORS.md 10.13: the docs' name for a balance that cannot cover a debit. */
  INSUFFICIENT_BALANCE: 400,
  // 401
  UNAUTHORIZED: 401,
  INVALID_SIGNATURE: 401,
  WALLET_SIGNATURE_MISSING: 401,
  WALLET_SIGNATURE_MALFORMED: 401,
  WALLET_SIGNATURE_BODY_MISMATCH: 401,
  WALLET_SIGNATURE_INVALID: 401,
  REQUEST_ID_MISSING: 401,
  // 403
  FORBIDDEN: 403,
  USER_NOT_READY: 403,
  COUNTERPARTY_NOT_ALLOWED: 403,
  VELOCITY_LIMIT_EXCEEDED: 403,
  END_USER_TERMS_NOT_ACCEPTED: 403,
  // 404
  NOT_FOUND: 404,
  TRANSACTION_NOT_FOUND: 404,
  INVITATION_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  QUOTE_NOT_FOUND: 404,
  LOOKUP_REQUEST_NOT_FOUND: 404,
  TOKEN_NOT_FOUND: 404,
  BULK_UPLOAD_JOB_NOT_FOUND: 404,
  REFERENCE_NOT_FOUND: 404,
  UMA_NOT_FOUND: 404,
  STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND: 404,
  // 405
  METHOD_NOT_ALLOWED: 405,
  // 409
  TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL: 409,
  TRANSACTION_NOT_CANCELLABLE: 409,
  /** BEHAVIORS.md §2.5: executing (or paying) a quote past its expiresAt. */
  QUOTE_EXPIRED: 409,
  UMA_ADDRESS_EXISTS: 409,
  EMAIL_OTP_EMAIL_ALREADY_EXISTS: 409,
  EMAIL_OTP_CREDENTIAL_SET_CHANGED: 409,
  PASSKEY_ALREADY_ENROLLED: 409,
  SCA_SESSION_REQUIRED: 409,
  BENEFICIARY_TRUSTED: 409,
  INVALID_STATE_TRANSITION: 409,
  CARD_ALREADY_CLOSED: 409,
  CARD_NOT_MUTABLE: 409,
  CONFLICT: 409,
  NOT_YET_AVAILABLE: 409,
  // others
  CUSTOMER_DELETED: 410,
  UNSUPPORTED_UMA_VERSION: 412,
  PAYLOAD_TOO_LARGE: 413,
  ACCOUNT_LOCKED: 423,
  PAYREQ_REQUEST_FAILED: 424,
  COUNTERPARTY_PUBKEY_FETCH_ERROR: 424,
  NO_COMPATIBLE_UMA_VERSION: 424,
  LNURLP_REQUEST_FAILED: 424,
  EMAIL_OTP_CREDENTIAL_SYNC_FAILED: 424,
  RATE_LIMITED: 429,
  DAILY_VOLUME_LIMIT_EXCEEDED: 429,
  SERVICE_SWITCH_ERROR: 500,
  INTERNAL_ERROR: 500,
  UNRECOGNIZED_MANDATORY_PAYEE_DATA_KEY: 501,
  NOT_IMPLEMENTED: 501,
  INVALID_PAYREQ_RESPONSE: 502,
  COUNTERPARTY_SERVER_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
  LOOKUP_REQUEST_FAILED: 504,
  QUOTE_REQUEST_FAILED: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** One entry of `details.errors[]` (FieldError of the reference). */
export interface FieldError {
  field: string;
  message: string;
  constraint: Record<string, unknown>;
}

export interface ErrorBody {
  status: number;
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
  /** Sandbox 401s name the failed check (SPEC.md § Authentication). */
  reason?: string;
}

export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    // An expected outcome answered in the envelope, never logged: a stack trace would be wasted
    // work on every refused request.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = "ServiceError";
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { status: this.status, code: this.code, message: this.message };
    if (this.details) body.details = this.details;
    if (typeof this.details?.reason === "string") body.reason = this.details.reason;
    return body;
  }
}

/** 400 INVALID_INPUT listing every bad field. */
export function invalidInput(errors: FieldError[], message?: string): ServiceError {
  const summary = errors.map((e) => `${e.field}: ${e.message}`).join("; ");
  return new ServiceError("INVALID_INPUT", message ?? `Invalid request: ${summary}`, {
    details: { errors },
  });
}

/** Duck-typed so errors thrown by another bundled copy of this module are still recognised. */
export function isServiceError(e: unknown): e is ServiceError {
  return (
    e instanceof Error &&
    e.name === "ServiceError" &&
    typeof (e as ServiceError).code === "string" &&
    (e as ServiceError).code in ERROR_STATUS
  );
}

/**
 * What a retry of a failed request needs, for the message that says how to retry: a read (GET)
 * changes nothing and is simply sent again; a write sent with an Idempotency-Key is sent again with
 * that key; a write without one (or on an operation that refuses or ignores it: pass undefined then,
 * see honouredIdempotencyKey) may have been done already.
 * Callers without a request (jobs, tests) get the keyed write's words.
 */
export type RetriedRequest = "read" | "keyed-write" | "unkeyed-write";

export function retriedRequestOf(method: string, idempotencyKey: string | undefined): RetriedRequest {
  if (method === "GET" || method === "HEAD") return "read";
  return idempotencyKey === undefined ? "unkeyed-write" : "keyed-write";
}

/** "Retry after 1 s." for a request whose failure wrote nothing, naming the Idempotency-Key only when one was sent. */
function retryAfterOneSecond(request: RetriedRequest): string {
  return request === "keyed-write" ? "Retry after 1 s with the same Idempotency-Key." : "Retry after 1 s.";
}

/**
 * PostgreSQL aborted the request's transaction because it deadlocked or conflicted with a
 * concurrent one (40P01, 40001; Prisma P2034, P2010 from a raw query, or pg's error itself). Everything it wrote was
 * rolled back, so the same request can simply be sent again: 409 with Retry-After instead of a 500.
 */
export function transientConflictError(e: unknown, request: RetriedRequest = "keyed-write"): ServiceError | null {
  type AdapterCause = { kind?: unknown; originalCode?: unknown };
  const error = e as { name?: unknown; code?: unknown; cause?: AdapterCause; meta?: { driverAdapterError?: { cause?: AdapterCause } } } | null;
  // A refused query comes wrapped by Prisma (meta.driverAdapterError); a refused COMMIT comes as the adapter's own error.
  const cause = error?.meta?.driverAdapterError?.cause ?? (error?.name === "DriverAdapterError" ? error.cause : undefined);
  const isConflict =
    error?.code === "P2034" || cause?.kind === "TransactionWriteConflict" || cause?.originalCode === "40P01" || cause?.originalCode === "40001" || error?.code === "40P01" || error?.code === "40001"; // the last two: pg's own error (sql-transaction.ts)
  if (!isConflict) return null;
  return new ServiceError(
    "CONFLICT",
    `This request collided with a concurrent one on the same accounts and was rolled back; nothing was written. ${retryAfterOneSecond(request)}`,
    { details: { retryable: true }, headers: { "Retry-After": "1" } },
  );
}

/**
 * Prisma could not start a transaction within its maxWait (every pooled connection busy), or ended
 * one for outliving its timeout (P2028, or TransactionTimeoutError from sqlTransaction): either way it was rolled back, so nothing it wrote stays.
 */
export function isTransactionTimeout(e: unknown): boolean {
  return isPoolWaitTimeout(e) || isExpiredTransaction(e);
}

/** No pooled connection came free within the transaction's maxWait: nothing ran. */
function isPoolWaitTimeout(e: unknown): boolean {
  const error = e as { name?: unknown; reason?: unknown; code?: unknown; message?: unknown } | null;
  if (error?.name === "TransactionTimeoutError") return error.reason === "busy"; // lib/db/sql.ts, by name: this module stays free of pg
  return error?.code === "P2028" && /Unable to start a transaction in the given time/.test(String(error.message));
}

/** The transaction ran past its timeout and was rolled back (Prisma's P2028 "expired transaction", or sqlTransaction's). */
function isExpiredTransaction(e: unknown): boolean {
  const error = e as { name?: unknown; reason?: unknown; code?: unknown; message?: unknown } | null;
  if (error?.name === "TransactionTimeoutError") return error.reason === "expired";
  return error?.code === "P2028" && /expired transaction/.test(String(error.message));
}

/**
 * A request that found every database connection busy for the transaction's maxWait: 429 with
 * Retry-After, as an overloaded API answers (the client backs off and sends it again), never a 500.
 * The transaction never ran.
 */
export function databaseBusyError(e: unknown, request: RetriedRequest = "keyed-write"): ServiceError | null {
  if (!isPoolWaitTimeout(e)) return null;
  return new ServiceError("RATE_LIMITED", `The service is busy: no database connection came free in time, so this request was not carried out. ${retryAfterOneSecond(request)}`, {
    details: { retryable: true },
    headers: { "Retry-After": "1" },
  });
}

/**
 * A request whose transaction ran past its timeout (this process or the database was slow for a
 * moment: a starved CPU, a stalled event loop, a long lock wait): it was rolled back, so nothing it
 * would have written was kept, and the same request may simply be sent again. 503 with Retry-After,
 * as for any moment the service cannot serve; not 429, which would tell the client it sent too much.
 */
export function transactionExpiredError(e: unknown, request: RetriedRequest = "keyed-write"): ServiceError | null {
  if (!isExpiredTransaction(e)) return null;
  return new ServiceError(
    "SERVICE_UNAVAILABLE",
    `The request took too long and was rolled back: nothing it would have written was kept. ${retryAfterOneSecond(request)}`,
    { details: { retryable: true }, headers: { "Retry-After": "1" } },
  );
}

/**
 * The database could not be reached or the connection broke under the request (a restart, a
 * failover): 503 with Retry-After, as for any downstream outage, never a 500. The answer says what
 * is known: the transaction was rolled back, or it broke while its COMMIT was on the way (the
 * outcome is unknown, and how to learn it safely), or neither is known (a single statement).
 */
export function databaseUnavailableError(e: unknown, request: RetriedRequest = "keyed-write"): ServiceError | null {
  if (!isConnectionLoss(e)) return null;
  // ConnectionLostError knows whether the COMMIT had gone out; a bare driver error does not.
  const inDoubt = (e as { inDoubt?: unknown }).inDoubt;
  const message =
    request === "read"
      ? "The database is unavailable for a moment (its connection broke or could not be made). Retry after 1 s."
      : inDoubt === true
        ? `The connection to the database broke while this request was being committed, so whether it took effect is unknown. ${request === "keyed-write" ? "Send it again with the same Idempotency-Key to get its outcome." : "Look it up before sending it again."}`
        : inDoubt === false
          ? `The database is unavailable for a moment (its connection broke); nothing this request would have written was kept. ${retryAfterOneSecond(request)}`
          : request === "keyed-write"
            ? "The database is unavailable for a moment (its connection broke or could not be made). Retry after 1 s with the same Idempotency-Key: a change that was made is then answered as it was, never made twice."
            : "The database is unavailable for a moment (its connection broke or could not be made), so this change may or may not have been made: look whether it was done before sending it again, after 1 s.";
  return new ServiceError("SERVICE_UNAVAILABLE", message, { details: { retryable: true, ...(inDoubt === true && { outcomeUnknown: true }) }, headers: { "Retry-After": "1" } });
}
