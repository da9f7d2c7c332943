import { Prisma } from "@/lib/generated/prisma/client";
import type { Db, DbOrTx } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { formatId, parseId, uuidv7, idFormProblem } from "../http/ids";
import { afterCursor, countArgs, decodeCursor, toPage, type Page } from "../http/pagination";
import { now } from "../sandbox/clock";
import { currencyInfo } from "../sandbox/currencies";
import { isFormOfBaseCurrency } from "./peg";
import { assertLinkUsable, getProviderAccountOrThrow } from "./provider-accounts";
import type { Stablecoin, StablecoinListQuery, StablecoinRegisterRequest } from "./schemas";
import { serializeStablecoin, type ProviderAccountRow, type StablecoinRow } from "./serialize";

const DEFAULT_DECIMALS = 6;

/**
 * What the sandbox provider knows of a token: its decimals come from a `-d<N>` ending of the
 * identifier (`acme-usd-d18` → 18, 0 to 18), else 6; name and symbol from the identifier.
 */
export function sandboxTokenMetadata(providerTokenIdentifier: string) {
  const match = /-d(\d{1,2})$/.exec(providerTokenIdentifier);
  const decimals = match && Number(match[1]) <= 18 ? Number(match[1]) : DEFAULT_DECIMALS;
  const stem = providerTokenIdentifier.replace(/-d\d{1,2}$/, "");
  const symbol = (stem.replace(/[^A-Za-z0-9]/g, "").toUpperCase().slice(0, 6) || "TOKEN");
  return { decimals, symbol, name: `${stem} stablecoin`, baseCurrency: "USD" };
}

/**
 * A token is pegged 1:1 to its baseCurrency (peg.ts), so its `currency` may name a currency only
 * when that is a form of the baseCurrency: a token named BTC but backed by one dollar each would be
 * credited as a whole bitcoin. A symbol that is no currency code (ACMEUS) names no currency.
 * Throws: INVALID_INPUT naming providerTokenIdentifier.
 */
function assertCurrencyIsPegged(meta: { symbol: string; baseCurrency: string }): void {
  if (!currencyInfo(meta.symbol) || isFormOfBaseCurrency(meta.symbol, meta.baseCurrency)) return;
  throw invalidInput([
    {
      field: "providerTokenIdentifier",
      message: `names the currency ${meta.symbol}, but the sandbox provider's tokens are stablecoins pegged 1:1 to ${meta.baseCurrency} (baseCurrency): one token is backed by, and burns for, one ${meta.baseCurrency}, so it cannot be ${meta.symbol}. Register a token named after a form of ${meta.baseCurrency} (usdb, usdc, usdt, with an optional -d<N>) or a symbol that is not a currency code (acme-usd)`,
      constraint: { baseCurrency: meta.baseCurrency },
    },
  ]);
}

/**
 * The link an operation or registration goes through: the selected one, or the only ACTIVE one.
 * Throws: STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND (selected id unknown, or no link at all);
 * STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED (several ACTIVE links and no selector);
 * STABLECOIN_PROVIDER_ACCOUNT_INVALID / _REVOKED; SERVICE_UNAVAILABLE.
 */
export async function selectProviderAccount(db: DbOrTx, platformId: string, selector: string | undefined): Promise<ProviderAccountRow> {
  if (selector !== undefined) {
    const row = await getProviderAccountOrThrow(db, platformId, selector);
    assertLinkUsable(row);
    return row;
  }
  const active = await db.stablecoinProviderAccount.findMany({ where: { platformId, status: "ACTIVE" }, orderBy: { createdAt: "asc" }, take: 2 });
  if (active.length > 1)
    throw new ServiceError(
      "STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED",
      "Several provider account links are ACTIVE: pass stablecoinProviderAccountId to choose one (GET /stablecoin-provider-accounts?status=ACTIVE lists them).",
    );
  if (active.length === 1) {
    assertLinkUsable(active[0]!);
    return active[0]!;
  }
  const any = await db.stablecoinProviderAccount.findFirst({ where: { platformId }, orderBy: { updatedAt: "desc" } });
  if (any) assertLinkUsable(any); // explains INVALID / REVOKED
  throw new ServiceError("STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND", "No stablecoin provider account is linked. Link one with POST /stablecoin-provider-accounts first.");
}

/**
 * POST /stablecoins (BEHAVIORS.md §6.2): links an existing provider token; creates nothing at the
 * provider. A token already registered through a REVOKED link moves to the new link (same id).
 * Throws: INVALID_INPUT (a currency other than a form of the baseCurrency); the selection errors
 * above; CONFLICT when the token is already registered otherwise.
 */
export async function registerStablecoin(db: Db, input: { platformId: string; request: StablecoinRegisterRequest }): Promise<Stablecoin> {
  const { platformId, request } = input;
  const meta = sandboxTokenMetadata(request.providerTokenIdentifier);
  assertCurrencyIsPegged(meta);
  const link = await selectProviderAccount(db, platformId, request.stablecoinProviderAccountId);
  const at = await now(db, platformId);
  const registered = await db.stablecoin.findFirst({ where: { platformId, providerTokenIdentifier: request.providerTokenIdentifier }, select: { id: true } });
  if (registered) return moveFromRevokedLink(db, { platformId, link, providerTokenIdentifier: request.providerTokenIdentifier });
  try {
    const row = await db.stablecoin.create({
      data: {
        id: uuidv7(at.getTime()),
        platformId,
        providerAccountId: link.id,
        provider: link.provider,
        providerEnvironment: link.providerEnvironment,
        providerTokenIdentifier: request.providerTokenIdentifier,
        networkTokenIdentifier: request.networkTokenIdentifier,
        network: request.network,
        name: meta.name,
        symbol: meta.symbol,
        baseCurrency: meta.baseCurrency,
        decimals: meta.decimals,
        issuanceStatus: "PROVISIONED",
        serviceOperationsStatus: "ENABLED",
        currency: meta.symbol,
        createdAt: at,
        updatedAt: at,
      },
    });
    return serializeStablecoin(row);
  } catch (e) {
    // Registered concurrently since the look-up above.
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002")
      throw new ServiceError("CONFLICT", `Provider token ${request.providerTokenIdentifier} is already registered. List stablecoins to find it.`, {
        details: { field: "providerTokenIdentifier" },
      });
    throw e;
  }
}

/**
 * Registering a token again through a new link moves it there when the link it was registered
 * through is REVOKED (terminal, BEHAVIORS.md §6.1) and the new one reaches the same provider
 * account: the stablecoin keeps its id and operations through the new link. The coin's row is
 * locked, so concurrent moves run one at a time.
 * Throws: CONFLICT when the token is registered through a link that is not REVOKED (or, once
 * REVOKED, the new link is of another provider account).
 */
async function moveFromRevokedLink(db: Db, input: { platformId: string; link: ProviderAccountRow; providerTokenIdentifier: string }): Promise<Stablecoin> {
  const { platformId, link, providerTokenIdentifier } = input;
  const at = await now(db, platformId);
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "Stablecoin" WHERE "platformId" = ${platformId}::uuid AND "providerTokenIdentifier" = ${providerTokenIdentifier} FOR UPDATE`;
    const coin = await tx.stablecoin.findFirstOrThrow({ where: { id: locked!.id, platformId } });
    const current = await tx.stablecoinProviderAccount.findFirstOrThrow({ where: { id: coin.providerAccountId, platformId } });
    const coinId = formatId("Stablecoin", coin.id);
    const sameAccount = current.provider === link.provider && current.providerAccountId === link.providerAccountId;
    if (current.status !== "REVOKED" || !sameAccount)
      throw new ServiceError(
        "CONFLICT",
        current.status !== "REVOKED"
          ? `Provider token ${providerTokenIdentifier} is already registered as ${coinId}. Use that stablecoin (GET /stablecoins/${coinId}).`
          : `Provider token ${providerTokenIdentifier} is registered as ${coinId} through the REVOKED link ${formatId("StablecoinProviderAccount", current.id)} of provider account ${current.providerAccountId}; it can move only to a new link of that provider account. Link ${current.providerAccountId} again (POST /stablecoin-provider-accounts) and register the token with that link's id as stablecoinProviderAccountId.`,
        current.status !== "REVOKED"
          ? { details: { field: "providerTokenIdentifier", stablecoinId: coinId } }
          : { details: { stablecoinId: coinId, providerAccountId: current.providerAccountId } },
      );
    const moved = await tx.stablecoin.update({
      where: { id: coin.id },
      data: { providerAccountId: link.id, provider: link.provider, providerEnvironment: link.providerEnvironment, updatedAt: at },
    });
    return serializeStablecoin(moved);
  });
}

/** Throws: NOT_FOUND (unknown, malformed or another platform's id). */
export async function getStablecoinOrThrow(db: DbOrTx, platformId: string, id: string): Promise<StablecoinRow> {
  const uuid = parseId("Stablecoin", id);
  const row = uuid ? await db.stablecoin.findFirst({ where: { id: uuid, platformId } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", idFormProblem("Stablecoin", id) ?? `Stablecoin ${id} not found. Register it with POST /stablecoins.`);
  return row;
}

export async function listStablecoins(db: Db, input: { platformId: string; query: StablecoinListQuery }): Promise<Page<Stablecoin>> {
  const { platformId, query } = input;
  const where: Prisma.StablecoinWhereInput = {
    platformId,
    ...(query.issuanceStatus !== undefined && { issuanceStatus: query.issuanceStatus }),
    ...(query.serviceOperationsStatus !== undefined && { serviceOperationsStatus: query.serviceOperationsStatus }),
    ...(query.provider !== undefined && { provider: query.provider }),
  };
  const [rows, count] = await Promise.all([
    db.stablecoin.findMany({ where: { AND: [where, afterCursor(decodeCursor(query.cursor))] }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit + 1 }),
    db.stablecoin.count(countArgs(where)),
  ]);
  return toPage(rows, query.limit, count, serializeStablecoin);
}

