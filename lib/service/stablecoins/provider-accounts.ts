import { createHash } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { hashSecret } from "../crypto/password";
import type { Db, DbOrTx } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { parseId, uuidv7, idFormProblem } from "../http/ids";
import { afterCursor, countArgs, decodeCursor, toPage, type Page } from "../http/pagination";
import { now } from "../sandbox/clock";
import type { ProviderAccount, ProviderAccountLinkRequest, ProviderAccountListQuery } from "./schemas";
import { serializeProviderAccount, type ProviderAccountRow } from "./serialize";

/** Sandbox credentials rule: a secret ending in 002 fails verification; a client id ending in 009 sees two accounts. */
export const SANDBOX_BAD_SECRET_SUFFIX = "002";
export const SANDBOX_MULTI_ACCOUNT_SUFFIX = "009";
/** Retry-After of the provider-down 503: the sandbox cannot know when it comes back, so a short poll. */
export const PROVIDER_RETRY_AFTER_SECONDS = 30;

function sandboxAccountsFor(apiClientId: string): string[] {
  const base = `brale-${createHash("sha256").update(apiClientId).digest("hex").slice(0, 10)}`;
  return apiClientId.endsWith(SANDBOX_MULTI_ACCOUNT_SUFFIX) ? [`${base}-1`, `${base}-2`] : [base];
}

/**
 * POST /stablecoin-provider-accounts (BEHAVIORS.md §6.1): verifies the credentials with the
 * provider (sandbox rule above) and links the account ACTIVE. Re-linking an account that already
 * has a non-revoked link refreshes that link's credentials and makes it ACTIVE again.
 * Throws: INVALID_INPUT (credentials refused; providerAccountId needed or not seen by them).
 */
export async function linkProviderAccount(
  db: Db,
  input: { platformId: string; environment: "SANDBOX" | "PRODUCTION"; request: ProviderAccountLinkRequest },
): Promise<ProviderAccount> {
  const { platformId, request } = input;
  if (request.apiClientSecret.endsWith(SANDBOX_BAD_SECRET_SUFFIX))
    throw invalidInput(
      [{ field: "apiClientSecret", message: "was refused by the provider", constraint: { verified: true } }],
      "The provider refused these credentials. Check apiClientId and apiClientSecret in the provider's dashboard and retry.",
    );
  const visible = sandboxAccountsFor(request.apiClientId);
  let providerAccountId = request.providerAccountId;
  if (providerAccountId === undefined) {
    if (visible.length > 1)
      throw invalidInput(
        [{ field: "providerAccountId", message: `is required: these credentials see ${visible.length} accounts (${visible.join(", ")})`, constraint: { enum: visible } }],
      );
    providerAccountId = visible[0]!;
  } else if (!visible.includes(providerAccountId))
    throw invalidInput([{ field: "providerAccountId", message: `is not visible to these credentials; use one of ${visible.join(", ")}`, constraint: { enum: visible } }]);

  const at = await now(db, platformId);
  const apiClientSecretHash = await hashSecret(request.apiClientSecret);
  const data = { apiClientId: request.apiClientId, apiClientSecretHash, status: "ACTIVE", lastVerifiedAt: at, updatedAt: at };
  const row = await db.$transaction(async (tx) => {
    // Concurrent links of one provider account run one at a time, or each would see no link and
    // create its own (several ACTIVE links then make every registration ask for a selector).
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`stablecoin-link:${platformId}:${request.provider}:${providerAccountId}`}, 0))`;
    // The live link is locked too, so a concurrent sandbox revoke is not undone by this refresh:
    // a link revoked while this waited is no longer matched and a new one is created instead.
    const [existing] = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "StablecoinProviderAccount"
      WHERE "platformId" = ${platformId}::uuid AND "provider" = ${request.provider} AND "providerAccountId" = ${providerAccountId} AND "status" <> 'REVOKED'
      ORDER BY "createdAt", "id" LIMIT 1 FOR UPDATE`;
    return existing
      ? tx.stablecoinProviderAccount.update({ where: { id: existing.id }, data })
      : tx.stablecoinProviderAccount.create({
          data: { id: uuidv7(at.getTime()), platformId, provider: request.provider, providerAccountId, providerEnvironment: input.environment, createdAt: at, ...data },
        });
  });
  return serializeProviderAccount(row);
}

/**
 * With `isLocking` (in a transaction) the row is locked (FOR UPDATE) so status changes to one link run one at a time.
 * Throws: STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND (unknown, malformed or another platform's id).
 */
export async function getProviderAccountOrThrow(
  db: DbOrTx,
  platformId: string,
  id: string,
  options: { allowBare?: boolean; isLocking?: boolean } = {},
): Promise<ProviderAccountRow> {
  const uuid = parseId("StablecoinProviderAccount", id, options);
  if (uuid && options.isLocking)
    await db.$queryRaw`SELECT "id" FROM "StablecoinProviderAccount" WHERE "id" = ${uuid}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
  const row = uuid ? await db.stablecoinProviderAccount.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!row) throw new ServiceError("STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND", (uuid ? null : idFormProblem("StablecoinProviderAccount", id)) ?? `Stablecoin provider account ${id} not found. List them with GET /stablecoin-provider-accounts.`);
  return row;
}

/**
 * A link that may be used for registration or an operation.
 * Throws: STABLECOIN_PROVIDER_ACCOUNT_INVALID / _REVOKED; SERVICE_UNAVAILABLE (sandbox: provider down).
 */
export function assertLinkUsable(row: ProviderAccountRow): void {
  const id = serializeProviderAccount(row).id;
  if (row.status === "INVALID")
    throw new ServiceError("STABLECOIN_PROVIDER_ACCOUNT_INVALID", `Provider account link ${id} failed verification. Re-link it with POST /stablecoin-provider-accounts using current credentials.`);
  if (row.status === "REVOKED")
    throw new ServiceError("STABLECOIN_PROVIDER_ACCOUNT_REVOKED", `Provider account link ${id} was revoked and can never be used again. Link the provider account again (POST /stablecoin-provider-accounts: a new link id), then move each stablecoin of the revoked link to it by registering its providerTokenIdentifier again with the new link's id as stablecoinProviderAccountId (POST /stablecoins): the stablecoin keeps its id.`);
  if (row.providerUnavailable)
    throw new ServiceError("SERVICE_UNAVAILABLE", `The stablecoin provider is temporarily unavailable. Retry after ${PROVIDER_RETRY_AFTER_SECONDS} s with the same Idempotency-Key.`, {
      headers: { "Retry-After": String(PROVIDER_RETRY_AFTER_SECONDS) },
    });
}

export async function listProviderAccounts(db: Db, input: { platformId: string; query: ProviderAccountListQuery }): Promise<Page<ProviderAccount>> {
  const { platformId, query } = input;
  const where: Prisma.StablecoinProviderAccountWhereInput = {
    platformId,
    ...(query.provider !== undefined && { provider: query.provider }),
    ...(query.status !== undefined && { status: query.status }),
  };
  const [rows, count] = await Promise.all([
    db.stablecoinProviderAccount.findMany({ where: { AND: [where, afterCursor(decodeCursor(query.cursor))] }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit + 1 }),
    db.stablecoinProviderAccount.count(countArgs(where)),
  ]);
  return toPage(rows, query.limit, count, serializeProviderAccount);
}

/**
 * Sandbox control: mark a link INVALID (failed re-verification) or REVOKED (terminal), and/or make
 * the provider unavailable (503) for it. A REVOKED link cannot change status again.
 * Throws: STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND; INVALID_STATE_TRANSITION.
 */
export async function setProviderAccountSandboxState(
  db: Db,
  input: { platformId: string; id: string; status?: "INVALID" | "REVOKED"; providerUnavailable?: boolean },
): Promise<ProviderAccount> {
  const at = await now(db, input.platformId);
  const updated = await db.$transaction(async (tx) => {
    // Locked: an INVALID racing a REVOKED must not read ACTIVE and then overwrite the terminal REVOKED.
    const row = await getProviderAccountOrThrow(tx, input.platformId, input.id, { isLocking: true });
    if (input.status !== undefined && row.status === "REVOKED" && input.status !== "REVOKED")
      throw new ServiceError("INVALID_STATE_TRANSITION", "A REVOKED link is terminal; link the provider account again instead.");
    return tx.stablecoinProviderAccount.update({
      where: { id: row.id },
      data: {
        ...(input.status !== undefined && { status: input.status, lastVerifiedAt: at }),
        ...(input.providerUnavailable !== undefined && { providerUnavailable: input.providerUnavailable }),
        updatedAt: at,
      },
    });
  });
  return serializeProviderAccount(updated);
}
