import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";
import type { StablecoinRow } from "./serialize";

/**
 * What the provider holds of one stablecoin for the platform, in the token's smallest unit: the
 * tokens of its COMPLETED mints less those of every burn that has taken or is taking them
 * (PENDING_PROVIDER, PROCESSING, COMPLETED; a FAILED burn gives them back, an external-wallet burn
 * still awaiting its tokens has taken nothing yet). Its fiat side is the provider's reserve on the
 * ledger (completed mints − burns), posted by the fiat legs.
 */
export async function providerBalance(db: DbOrTx, coin: Pick<StablecoinRow, "id" | "platformId">): Promise<bigint> {
  const [row] = await db.$queryRaw<{ held: string }[]>`
    SELECT COALESCE(SUM(CASE WHEN "operationType" = 'MINT' THEN "amount"::numeric ELSE -"amount"::numeric END), 0)::text AS "held"
    FROM "StablecoinOperation"
    WHERE "platformId" = ${coin.platformId}::uuid AND "stablecoinId" = ${coin.id}::uuid
      AND (("operationType" = 'MINT' AND "status" = 'COMPLETED') OR ("operationType" = 'BURN' AND "status" IN ('PENDING_PROVIDER', 'PROCESSING', 'COMPLETED')))`;
  return BigInt(row?.held ?? "0");
}

/**
 * A PROVIDER_INTERNAL_BALANCE burn may take only what the provider holds of the stablecoin. Run in
 * the transaction that stores the burn: the stablecoin's row is locked first, so concurrent burns
 * of one coin are decided one after the other and cannot both spend the same tokens.
 * Throws: CONFLICT (409) naming the balance held and how to get more (mint).
 */
export async function assertProviderBalanceCovers(tx: DbOrTx, coin: StablecoinRow, amount: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "Stablecoin" WHERE "id" = ${coin.id}::uuid AND "platformId" = ${coin.platformId}::uuid FOR UPDATE`;
  const held = await providerBalance(tx, coin);
  const wanted = BigInt(amount);
  if (wanted <= held) return;
  const id = formatId("Stablecoin", coin.id);
  throw new ServiceError(
    "CONFLICT",
    `The provider balance of ${coin.symbol} (${id}) holds ${held > 0n ? held : 0n} (smallest unit, ${coin.decimals} decimals), less than this burn's ${wanted}. Burn at most that, or mint more first (POST /stablecoins/${id}/mints: a mint adds to the provider balance once COMPLETED).`,
    { details: { field: "amount", providerBalance: (held > 0n ? held : 0n).toString(), amount: wanted.toString(), stablecoinId: id } },
  );
}
