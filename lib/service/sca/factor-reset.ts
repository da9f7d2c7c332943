import { randomBytes } from "node:crypto";
import type { Db } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { formatId, parseId, uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { getScaCustomerOrThrow } from "./get-sca-customer-or-throw";
import { saveScaState } from "./sca-state";
import type { ScaFactorName } from "./schemas";

/** At most 5 resets per customer in 24 hours (BEHAVIORS.md §9.4). */
const MAX_RESETS_PER_DAY = 5;
const RESET_TTL_MS = 24 * 60 * 60 * 1000;
/** Sandbox: the liveness check passes this long after the reset starts. */
export const SANDBOX_LIVENESS_SECONDS = 10;

type ResetRow = NonNullable<Awaited<ReturnType<Db["scaFactorReset"]["findFirst"]>>>;

/**
 * POST /sca/factors/reset: starts a 2FA reset of a factor behind a liveness check. Throws:
 * CONFLICT (region), RATE_LIMITED (5 per rolling 24 h; Retry-After = until the oldest of them is 24 h old).
 */
export async function startFactorReset(db: Db, input: { platformId: string; customerId: string; factor: ScaFactorName }) {
  const { platformId } = input;
  const { id, expiresAt } = await db.$transaction(async (tx) => {
    // Locked: concurrent starts all counted the same earlier resets and got past the daily limit.
    const customer = await getScaCustomerOrThrow(tx, platformId, input.customerId, { isLocking: true });
    const at = await now(tx, platformId);
    const recent = await tx.scaFactorReset.findMany({
      where: { platformId, customerId: customer.id, createdAt: { gt: new Date(at.getTime() - RESET_TTL_MS) } },
      orderBy: { createdAt: "desc" },
      take: MAX_RESETS_PER_DAY,
      select: { createdAt: true },
    });
    if (recent.length >= MAX_RESETS_PER_DAY) {
      // Free again when the oldest of the last 5 leaves the 24-hour window (a rolling window, not a fixed hour).
      const oldest = recent[MAX_RESETS_PER_DAY - 1]!.createdAt;
      const seconds = Math.max(1, Math.ceil((oldest.getTime() + RESET_TTL_MS - at.getTime()) / 1000));
      throw new ServiceError("RATE_LIMITED", `At most ${MAX_RESETS_PER_DAY} factor resets per customer in 24 hours; the next one is possible in ${seconds} s, at ${new Date(at.getTime() + seconds * 1000).toISOString()}`, {
        headers: { "Retry-After": String(seconds) },
        details: { retryAfterSeconds: seconds },
      });
    }
    const row = { id: uuidv7(at.getTime()), expiresAt: new Date(at.getTime() + RESET_TTL_MS) };
    await tx.scaFactorReset.create({ data: { ...row, platformId, customerId: customer.id, factor: input.factor, status: "INITIATED", createdAt: at } });
    return row;
  });
  return { resetId: formatId("ScaFactorReset", id), livenessAccessToken: randomBytes(24).toString("base64url"), verificationLink: null, expiresAt: expiresAt.toISOString() };
}

/** GET /sca/factors/reset/{resetId}. Sandbox: LIVENESS_PASSED 10 s after the start; EXPIRED after 24 h. Throws: CONFLICT, NOT_FOUND. */
export async function getFactorReset(db: Db, input: { platformId: string; customerId: string; resetId: string }) {
  const row = await getResetOrThrow(db, input);
  const status = await currentStatus(db, row);
  return {
    status,
    factor: row.factor as ScaFactorName,
    enrollmentStatus: status === "COMPLETED" ? (row.factor === "SMS_OTP" ? ("COMPLETED" as const) : ("PENDING" as const)) : null,
    expiresAt: row.expiresAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/**
 * POST /sca/factors/reset/{resetId}/complete: after the liveness check, SMS_OTP takes the new
 * `mobile` (the customer's phone number, verified by the check); TOTP and PASSKEY factors are
 * removed so the customer enrolls again. SCA sessions are revoked. Throws: CONFLICT, NOT_FOUND,
 * INVALID_INPUT (before liveness, expired, done, or `mobile` missing for SMS_OTP).
 */
export async function completeFactorReset(db: Db, input: { platformId: string; customerId: string; resetId: string; mobile?: { countryCode: string; number: string } }) {
  const { platformId } = input;
  const row = await getResetOrThrow(db, input);
  const status = await currentStatus(db, row);
  if (status !== "LIVENESS_PASSED")
    throw invalidInput([{ field: "resetId", message: `is ${status}; it can be completed once its liveness check passed (LIVENESS_PASSED)`, constraint: { status: "LIVENESS_PASSED" } }]);
  if (row.factor === "SMS_OTP" && !input.mobile) throw invalidInput([{ field: "mobile", message: "is required to reset SMS_OTP: the new mobile number", constraint: { required: true } }]);
  const at = await now(db, platformId);
  await db.$transaction(async (tx) => {
    // Completed only if still INITIATED: of concurrent completes one applies (204), the others 400
    // as a later complete, instead of each setting its own phone number.
    const { count } = await tx.scaFactorReset.updateMany({ where: { id: row.id, status: "INITIATED" }, data: { status: "COMPLETED", completedAt: at } });
    if (count !== 1) throw invalidInput([{ field: "resetId", message: "is COMPLETED; it can be completed once", constraint: { status: "LIVENESS_PASSED" } }]);
    if (row.factor === "SMS_OTP") {
      const phoneNumber = `+${input.mobile!.countryCode.replace(/^\+/, "")}${input.mobile!.number}`;
      await tx.customer.update({ where: { id: row.customerId }, data: { phoneNumber, updatedAt: at } });
      await tx.contactVerification.upsert({
        where: { customerId: row.customerId },
        create: { customerId: row.customerId, platformId, phone: "VERIFIED", phoneSentAt: at, updatedAt: at },
        update: { phone: "VERIFIED", updatedAt: at },
      });
    } else {
      await tx.scaFactor.deleteMany({ where: { platformId, customerId: row.customerId, factor: row.factor } });
    }
    await saveScaState(tx, platformId, row.customerId, { sessionExpiresAt: null });
  });
}

async function getResetOrThrow(db: Db, input: { platformId: string; customerId: string; resetId: string }): Promise<ResetRow> {
  const customer = await getScaCustomerOrThrow(db, input.platformId, input.customerId);
  const id = parseId("ScaFactorReset", input.resetId);
  const row = id ? await db.scaFactorReset.findFirst({ where: { id, platformId: input.platformId, customerId: customer.id } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", `Factor reset ${input.resetId} not found for this customer`);
  return row;
}

async function currentStatus(db: Db, row: ResetRow) {
  if (row.status !== "INITIATED") return row.status as "COMPLETED" | "REJECTED";
  const at = await now(db, row.platformId);
  if (row.expiresAt <= at) return "EXPIRED" as const;
  return at.getTime() - row.createdAt.getTime() >= SANDBOX_LIVENESS_SECONDS * 1000 ? ("LIVENESS_PASSED" as const) : ("INITIATED" as const);
}
