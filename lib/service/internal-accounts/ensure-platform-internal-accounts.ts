import { readOf } from "@/lib/db/sql";
import type { Db } from "../db";
import { now } from "../sandbox/clock";
import { accountTypeFor, supportedCurrencyCodes } from "./account-types";
import { createInternalAccounts, type NewInternalAccount } from "./create-internal-accounts";

/**
 * Makes sure the platform has its own ACTIVE internal account in every currency it supports
 * (BEHAVIORS.md §1.3, §1.5: they fund platform payouts and receive platform fees). Created lazily
 * on first use rather than when the configuration changes, so adding a currency to the config is
 * enough. Cheap when nothing is missing (one read); otherwise one short transaction, idempotent
 * under concurrency. Throws: nothing expected.
 */
export async function ensurePlatformInternalAccounts(db: Db, platformId: string): Promise<void> {
  const missing = await missingCurrencies(db, platformId);
  if (missing.length === 0) return;
  await db.$transaction(async (tx) => {
    const accounts: NewInternalAccount[] = [];
    for (const currency of missing) {
      const type = accountTypeFor(currency, "PLATFORM");
      if (type) accounts.push({ type, currency, status: "ACTIVE" });
    }
    await createInternalAccounts(tx, { platformId, customerId: null, at: await now(tx, platformId), accounts });
  });
}

/** One read (every quote asks, so batched with the reads asked beside it: readOf): the configured currencies and those the platform has accounts in. */
async function missingCurrencies(db: Db, platformId: string): Promise<string[]> {
  const [platform] = await readOf(db).$queryRaw<{ supportedCurrencies: unknown; have: string[] }[]>`
    SELECT p."supportedCurrencies",
      ARRAY(SELECT a."currency" FROM "InternalAccount" a WHERE a."platformId" = p."id" AND a."customerId" IS NULL) AS "have"
    FROM "Platform" p WHERE p."id" = ${platformId}::uuid`;
  if (!platform) return [];
  const supported = supportedCurrencyCodes(platform.supportedCurrencies);
  const have = new Set(platform.have);
  return supported.filter((currency) => !have.has(currency) && accountTypeFor(currency, "PLATFORM") !== null);
}
