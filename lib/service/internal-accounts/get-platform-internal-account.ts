import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { ensurePlatformInternalAccounts } from "./ensure-platform-internal-accounts";
import type { InternalAccountRow } from "./serialize-internal-account";

/**
 * The platform's own internal account in `currency`, created on first use, for areas that pay
 * from it or credit platform fees to it (BEHAVIORS.md §1.5). Call it before opening the money
 * transaction (creation needs its own short transaction), then lock it with
 * lockInternalAccountForPayment inside yours.
 * Throws: NOT_FOUND when the platform does not support the currency.
 */
export async function getPlatformInternalAccount(db: Db, platformId: string, currency: string): Promise<InternalAccountRow> {
  await ensurePlatformInternalAccounts(db, platformId);
  const row = await db.internalAccount.findFirst({ where: { platformId, customerId: null, currency } });
  if (!row) throw new ServiceError("NOT_FOUND", `The platform has no internal account in ${currency}: add ${currency} to supportedCurrencies with PATCH /config first`);
  return row;
}
