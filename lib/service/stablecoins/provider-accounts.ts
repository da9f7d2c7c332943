import { createHash } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { hashSecret } from "../crypto/password";
import type { Db, DbOrTx } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { parseId, uuidv7 } from "../http/ids";
import { afterCursor, countArgs, decodeCursor, toPage, type Page } from "../http/pagination";
import { now } from "../sandbox/clock";
import type { ProviderAccount, ProviderAccountLinkRequest, ProviderAccountListQuery } from "./schemas";
import { serializeProviderAccount, type ProviderAccountRow } from "./serialize";

/** Sandbox credentials rule: a secret ending in 002 fails verification; a client id ending in 009 sees two accounts. */
export const SANDBOX_BAD_SECRET_SUFFIX = "002";
export const SANDBOX_MULTI_ACCOUNT_SUFFIX = "009";

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
  const existing = await db.stablecoinProviderAccount.findFirst({
    where: { platformId, provider: request.provider, providerAccountId, status: { not: "REVOKED" } },
  });
  const data = { apiClientId: request.apiClientId, apiClientSecretHash, status: "ACTIVE", lastVerifiedAt: at, updatedAt: at };
  const row = existing
    ? await db.stablecoinProviderAccount.update({ where: { id: existing.id }, data })
    : await db.stablecoinProviderAccount.create({
        data: { id: uuidv7(at.getTime()), platformId, provider: request.provider, providerAccountId, providerEnvironment: input.environment, createdAt: at, ...data },
      });
  return serializeProviderAccount(row);
}

/** Throws: STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND (unknown, malformed or another platform's id). */
export async function getProviderAccountOrThrow(db: DbOrTx, platformId: string, id: string, options: { allowBare?: boolean } = {}): Promise<ProviderAccountRow> {
  const uuid = parseId("StablecoinProviderAccount", id, options);
  const row = uuid ? await db.stablecoinProviderAccount.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!row) throw new ServiceError("STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND", `Stablecoin provider account ${id} not found. List them with GET /stablecoin-provider-accounts.`);
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
    throw new ServiceError("STABLECOIN_PROVIDER_ACCOUNT_REVOKED", `Provider account link ${id} was revoked. Link the provider account again with new credentials.`);
  if (row.providerUnavailable)
    throw new ServiceError("SERVICE_UNAVAILABLE", "The stablecoin provider is temporarily unavailable. Retry later with the same Idempotency-Key.");
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
  const row = await getProviderAccountOrThrow(db, input.platformId, input.id);
  if (input.status !== undefined && row.status === "REVOKED" && input.status !== "REVOKED")
    throw new ServiceError("INVALID_STATE_TRANSITION", "A REVOKED link is terminal; link the provider account again instead.");
  const at = await now(db, input.platformId);
  const updated = await db.stablecoinProviderAccount.update({
    where: { id: row.id },
    data: {
      ...(input.status !== undefined && { status: input.status, lastVerifiedAt: at }),
      ...(input.providerUnavailable !== undefined && { providerUnavailable: input.providerUnavailable }),
      updatedAt: at,
    },
  });
  return serializeProviderAccount(updated);
}
