import { Prisma } from "@/lib/generated/prisma/client";
import type { Db, DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, uuidv7, idFormProblem } from "../http/ids";
import { afterCursor, countArgs, decodeCursor, toPage, type Page } from "../http/pagination";
import { now } from "../sandbox/clock";
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
 * provider. Throws: the selection errors above; CONFLICT when the token is already registered.
 */
export async function registerStablecoin(db: Db, input: { platformId: string; request: StablecoinRegisterRequest }): Promise<Stablecoin> {
  const { platformId, request } = input;
  const link = await selectProviderAccount(db, platformId, request.stablecoinProviderAccountId);
  const meta = sandboxTokenMetadata(request.providerTokenIdentifier);
  const at = await now(db, platformId);
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
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002")
      throw new ServiceError("CONFLICT", `Provider token ${request.providerTokenIdentifier} is already registered. List stablecoins to find it.`, {
        details: { field: "providerTokenIdentifier" },
      });
    throw e;
  }
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

