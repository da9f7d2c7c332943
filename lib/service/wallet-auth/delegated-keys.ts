import { createHash } from "node:crypto";
import type { Db, DbOrTx, Tx } from "../db";
import { ServiceError, invalidInput, type FieldError } from "../http/errors";
import { formatId, parseId, uuidv7, notFoundMessage } from "../http/ids";
import { now } from "../sandbox/clock";
import { getCardOrThrow } from "../cards/get-card-or-throw";
import { generateP256KeyPair } from "../crypto/p256-keys";
import { getEmbeddedWalletOrThrow } from "./get-embedded-wallet-or-throw";
import type { DelegatedKey } from "./schemas";
import { serializeDelegatedKey } from "./serialize";
import { isFirstLeg, runChainedSignedRetry, type SignedResult, type SignedRetryChallenge, type SignedRetryHeaders } from "./signed-retry";

export interface DelegatedKeyCreateInput {
  cardId: string;
  internalAccountId: string;
  nickname: string;
  spendingLimits?: { currencyCode: string; maxPerTransaction: number }[];
}

// The operations of the two challenges (WalletSignedRequest.operation): a retry answers the one its requestId was issued for.
const CREATE_DELEGATED_USER = "CREATE_DELEGATED_USER";
const CREATE_DELEGATED_KEY_POLICY = "CREATE_DELEGATED_KEY_POLICY";

/** The 202 body: a signed-retry challenge; the second one also names the PENDING key the third leg activates. */
export type DelegatedKeyChallenge = SignedRetryChallenge & { delegatedKeyId?: string };

/**
 * POST /auth/delegated-keys: a three-leg signed retry, each retry signed by an active session of
 * the wallet (BEHAVIORS.md §5). Leg 1 → 202 challenge to create the delegated user; leg 2 (signed)
 * creates the service-custodied P-256 key PENDING → 202 challenge to grant its signing policy,
 * with `delegatedKeyId`; leg 3 (signed) → 201 DelegatedKey ACTIVE. Abandoned after leg 2 the key
 * stays PENDING and cannot sign. The card must be the platform's (404) and the wallet one of its
 * funding sources (400); the funding source id is derived from (card, wallet). At most one spending
 * limit per currency (400). Throws: CONFLICT on every leg while the source has an ACTIVE key (one
 * ACTIVE key per source; on a retry after its signature is verified, so a replay is still a 401);
 * the signed-retry 401s.
 */
export async function createDelegatedKey(
  db: Db,
  input: { platformId: string; request: DelegatedKeyCreateInput; headers: SignedRetryHeaders; fingerprint: string },
): Promise<SignedResult<DelegatedKey, DelegatedKeyChallenge>> {
  const { request, platformId } = input;
  const errors: FieldError[] = [];
  const cardId = parseId("Card", request.cardId);
  if (!cardId) errors.push({ field: "cardId", message: "must be a Card:<uuid> id", constraint: { pattern: "^Card:<uuid>$" } });
  const seen = new Set<string>();
  (request.spendingLimits ?? []).forEach((limit, i) => {
    if (seen.has(limit.currencyCode)) errors.push({ field: `spendingLimits.${i}.currencyCode`, message: `duplicates ${limit.currencyCode}; at most one limit per currency`, constraint: { uniqueItems: true } });
    seen.add(limit.currencyCode);
  });
  if (errors.length > 0) throw invalidInput(errors);

  return db.$transaction(async (tx) => {
    // Locked: two concurrent third legs for one source would both see no ACTIVE key and both activate one.
    const wallet = await getEmbeddedWalletOrThrow(tx, platformId, request.internalAccountId, { lock: true });
    const card = await getCardOrThrow(tx, platformId, request.cardId);
    if (!card.fundingSources.includes(wallet.id))
      throw invalidInput([{ field: "internalAccountId", message: `is not a funding source of card ${request.cardId}; a delegated key signs for a card funding source backed by this wallet`, constraint: { enum: card.fundingSources.map((id) => formatId("InternalAccount", id)) } }]);
    const fundingSourceId = derivedUuid(`${cardId}:${wallet.id}`);
    // Also before the first signature: the platform learns at once that a later leg would fail.
    if (isFirstLeg(input.headers)) await assertNoActiveKey(tx, platformId, fundingSourceId);
    const common = { cardId: request.cardId, fundingSourceId: formatId("CardFundingSource", fundingSourceId), userId: formatId("InternalAccount", wallet.id) };
    return runChainedSignedRetry<DelegatedKey, { delegatedKeyId: string }>(tx, {
      platformId,
      internalAccountId: wallet.id,
      fingerprint: input.fingerprint,
      headers: input.headers,
      first: { operation: CREATE_DELEGATED_USER, activityType: "ACTIVITY_TYPE_CREATE_DELEGATED_ACCESS", parameters: { ...common, nickname: request.nickname } },
      onSigned: {
        // Leg 2: the delegated user (the key) exists from now on, PENDING until its policy is granted.
        [CREATE_DELEGATED_USER]: async () => {
          await assertNoActiveKey(tx, platformId, fundingSourceId);
          const at = await now(tx, platformId);
          const key = generateP256KeyPair();
          const row = await tx.walletDelegatedKey.create({
            data: {
              id: uuidv7(),
              platformId,
              internalAccountId: wallet.id,
              cardId: cardId!,
              fundingSourceId,
              nickname: request.nickname,
              publicKeyHex: key.publicKeyCompressedHex,
              privateKeyHex: key.privateKeyHex,
              status: "PENDING",
              ...(request.spendingLimits?.length && { spendingLimits: request.spendingLimits }),
              createdAt: at,
              updatedAt: at,
            },
          });
          const delegatedKeyId = formatId("DelegatedKey", row.id);
          return {
            next: {
              operation: CREATE_DELEGATED_KEY_POLICY,
              activityType: "ACTIVITY_TYPE_CREATE_POLICY_V3",
              parameters: { ...common, delegatedKeyId, effect: "EFFECT_ALLOW", policyName: request.nickname, publicKey: row.publicKeyHex },
              data: { delegatedKeyId: row.id },
            },
            extra: { delegatedKeyId },
          };
        },
        // Leg 3: the policy is granted; the wallet lock and the check above keep it to one ACTIVE key per source.
        [CREATE_DELEGATED_KEY_POLICY]: async (signer) => {
          await assertNoActiveKey(tx, platformId, fundingSourceId);
          const id = (signer.request.data as { delegatedKeyId: string }).delegatedKeyId;
          const at = await now(tx, platformId);
          const activated = await tx.walletDelegatedKey.updateMany({ where: { id, platformId, status: "PENDING" }, data: { status: "ACTIVE", updatedAt: at } });
          if (activated.count !== 1) throw new ServiceError("CONFLICT", `Delegated key ${formatId("DelegatedKey", id)} is no longer PENDING; start again without signature headers`);
          return { value: serializeDelegatedKey(await tx.walletDelegatedKey.findUniqueOrThrow({ where: { id } })) };
        },
      },
    });
  });
}

/** GET /auth/delegated-keys?accountId&fundingSourceId: newest first. */
export async function listDelegatedKeys(db: DbOrTx, platformId: string, query: { accountId?: string; fundingSourceId?: string }): Promise<{ data: DelegatedKey[] }> {
  const accountId = query.accountId ? parseId("InternalAccount", query.accountId) : undefined;
  const fundingSourceId = query.fundingSourceId ? parseId("CardFundingSource", query.fundingSourceId) : undefined;
  if (accountId === null || fundingSourceId === null) return { data: [] };
  const rows = await db.walletDelegatedKey.findMany({
    where: { platformId, ...(accountId && { internalAccountId: accountId }), ...(fundingSourceId && { fundingSourceId }) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return { data: rows.map(serializeDelegatedKey) };
}

export async function getDelegatedKey(db: DbOrTx, platformId: string, id: string): Promise<DelegatedKey> {
  const uuid = parseId("DelegatedKey", id);
  const row = uuid ? await db.walletDelegatedKey.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", notFoundMessage("DelegatedKey", id));
  return serializeDelegatedKey(row);
}

/**
 * DELETE /auth/delegated-keys/{id}: ACTIVE → REVOKED; the key can no longer sign.
 * Throws: NOT_FOUND; INVALID_INPUT when the key is not ACTIVE (BEHAVIORS.md §5).
 */
export async function revokeDelegatedKey(db: DbOrTx, platformId: string, id: string): Promise<void> {
  const key = await getDelegatedKey(db, platformId, id);
  const at = await now(db, platformId);
  // Conditional on ACTIVE so that of two concurrent revokes only one succeeds.
  const revoked = await db.walletDelegatedKey.updateMany({ where: { id: parseId("DelegatedKey", id)!, platformId, status: "ACTIVE" }, data: { status: "REVOKED", updatedAt: at } });
  if (revoked.count === 1) return;
  const status = key.status === "ACTIVE" ? "REVOKED" : key.status;
  throw invalidInput([{ field: "id", message: `is ${status}, not ACTIVE; only an active delegated key can be revoked`, constraint: { enum: ["ACTIVE"] } }], `Delegated key ${id} is not active (${status}); only an ACTIVE key can be revoked`);
}

async function assertNoActiveKey(tx: Tx, platformId: string, fundingSourceId: string): Promise<void> {
  const active = await tx.walletDelegatedKey.findFirst({ where: { platformId, fundingSourceId, status: "ACTIVE" }, select: { id: true } });
  if (!active) return;
  const keyId = formatId("DelegatedKey", active.id);
  throw new ServiceError(
    "CONFLICT",
    `Card funding source ${formatId("CardFundingSource", fundingSourceId)} already has an active delegated key ${keyId}; revoke it first with DELETE /auth/delegated-keys/${keyId}, then create the new one`,
    { details: { delegatedKeyId: keyId } },
  );
}

function derivedUuid(seed: string): string {
  const h = createHash("sha256").update(seed).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
