import type { Stablecoin as StablecoinRow, StablecoinOperation as OperationRow, StablecoinProviderAccount as ProviderAccountRow } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import type { Operation, ProviderAccount, Stablecoin } from "./schemas";

export type { OperationRow, ProviderAccountRow, StablecoinRow };

export function serializeProviderAccount(row: ProviderAccountRow): ProviderAccount {
  return {
    id: formatId("StablecoinProviderAccount", row.id),
    provider: row.provider as ProviderAccount["provider"],
    providerAccountId: row.providerAccountId,
    providerEnvironment: row.providerEnvironment as ProviderAccount["providerEnvironment"],
    status: row.status as ProviderAccount["status"],
    ...(row.lastVerifiedAt && { lastVerifiedAt: row.lastVerifiedAt.toISOString() }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function serializeStablecoin(row: StablecoinRow): Stablecoin {
  return {
    id: formatId("Stablecoin", row.id),
    name: row.name,
    symbol: row.symbol,
    baseCurrency: row.baseCurrency,
    network: row.network as Stablecoin["network"],
    decimals: row.decimals,
    issuanceStatus: row.issuanceStatus as Stablecoin["issuanceStatus"],
    serviceOperationsStatus: row.serviceOperationsStatus as Stablecoin["serviceOperationsStatus"],
    networkTokenIdentifier: row.networkTokenIdentifier,
    ...(row.currency && { currency: row.currency }),
    provider: row.provider as Stablecoin["provider"],
    stablecoinProviderAccountId: formatId("StablecoinProviderAccount", row.providerAccountId),
    providerEnvironment: row.providerEnvironment as Stablecoin["providerEnvironment"],
    providerTokenIdentifier: row.providerTokenIdentifier,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `provider` and environment come from the link; callers pass it (a join the list already did). */
export function serializeOperation(row: OperationRow, link: Pick<ProviderAccountRow, "provider" | "providerEnvironment">): Operation {
  return {
    id: formatId("StablecoinOperation", row.id),
    stablecoinId: formatId("Stablecoin", row.stablecoinId),
    operationType: row.operationType as Operation["operationType"],
    status: row.status as Operation["status"],
    amount: row.amount,
    provider: link.provider as Operation["provider"],
    providerEnvironment: link.providerEnvironment as Operation["providerEnvironment"],
    stablecoinProviderAccountId: formatId("StablecoinProviderAccount", row.providerAccountId),
    source: row.source as Operation["source"],
    ...(row.fundingInstructions !== null && { fundingInstructions: row.fundingInstructions as Operation["fundingInstructions"] }),
    destination: row.destination as Operation["destination"],
    ...(row.estimatedDelivery !== null && { estimatedDelivery: row.estimatedDelivery as Operation["estimatedDelivery"] }),
    ...(row.expiresAt && { expiresAt: row.expiresAt.toISOString() }),
    ...(row.providerStatus && { providerStatus: row.providerStatus }),
    ...(row.failureReason && { failureReason: row.failureReason }),
    ...(row.description !== null && { description: row.description }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
