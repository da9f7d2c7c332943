import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { umaAddressKey } from "./uma-address";

function duplicatePlatformCustomerId(platformCustomerId: string) {
  return new ServiceError("CONFLICT", `An active customer with platformCustomerId ${platformCustomerId} already exists`, {
    details: { field: "platformCustomerId", platformCustomerId },
  });
}

function duplicateUmaAddress(umaAddress: string) {
  return new ServiceError("UMA_ADDRESS_EXISTS", `An active customer with umaAddress ${umaAddress} already exists`, {
    details: { field: "umaAddress", umaAddress },
  });
}

/**
 * platformCustomerId and umaAddress are unique among the platform's active customers (BEHAVIORS.md
 * §1.2). This check gives the precise error; the unique indexes on the `active…` columns settle
 * races (see uniqueViolation). Throws: CONFLICT, UMA_ADDRESS_EXISTS.
 */
export async function assertCustomerUnique(
  tx: DbOrTx,
  input: { platformId: string; platformCustomerId?: string; umaAddress?: string; exceptCustomerId?: string },
): Promise<void> {
  const except = input.exceptCustomerId ? { id: { not: input.exceptCustomerId } } : {};
  if (input.platformCustomerId !== undefined) {
    const taken = await tx.customer.findFirst({ where: { platformId: input.platformId, activePlatformCustomerId: input.platformCustomerId, ...except }, select: { id: true } });
    if (taken) throw duplicatePlatformCustomerId(input.platformCustomerId);
  }
  if (input.umaAddress !== undefined) {
    const taken = await tx.customer.findFirst({ where: { platformId: input.platformId, activeUmaAddress: umaAddressKey(input.umaAddress), ...except }, select: { id: true } });
    if (taken) throw duplicateUmaAddress(input.umaAddress);
  }
}

/** A unique-index violation on a customer write (a concurrent request won the race) as its API error, else null. */
export function uniqueViolation(e: unknown, values: { platformCustomerId?: string; umaAddress?: string }): ServiceError | null {
  if (typeof e !== "object" || e === null || (e as { code?: unknown }).code !== "P2002") return null;
  const text = `${JSON.stringify((e as { meta?: unknown }).meta ?? {})} ${(e as Error).message}`;
  if (text.includes("activeUmaAddress")) return duplicateUmaAddress(values.umaAddress ?? "");
  if (text.includes("activePlatformCustomerId")) return duplicatePlatformCustomerId(values.platformCustomerId ?? "");
  return null;
}
