import type { LedgerAccount, LedgerAccountKind } from "@/lib/generated/prisma/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { LedgerInvariantError } from "./ledger-invariant-error";

export interface CreateLedgerAccountInput {
  platformId: string;
  currency: string;
  kind: LedgerAccountKind;
  /** The InternalAccount (bare uuid) this account backs; at most one ledger account each. */
  internalAccountId?: string;
  /** The ExternalAccount (bare uuid) an EXTERNAL_COUNTERPARTY account stands for. */
  externalAccountId?: string;
  /** Defaults by kind: customer and platform money never goes negative, the rest may. */
  allowNegative?: boolean;
}

const NEVER_NEGATIVE: readonly LedgerAccountKind[] = ["CUSTOMER_INTERNAL", "PLATFORM_INTERNAL"];
/** Whether an account of `kind` may go below zero unless told otherwise. */
export const allowsNegativeByDefault = (kind: LedgerAccountKind) => !NEVER_NEGATIVE.includes(kind);

/**
 * A new ledger account with a zero balance, usually created with the InternalAccount it backs
 * (BEHAVIORS.md §1.3, §1.5). For the Service's own accounts use ensureSystemAccounts.
 * Throws: CONFLICT when the internal account already has a ledger account; LedgerInvariantError
 * for a missing currency.
 */
export async function createLedgerAccount(tx: DbOrTx, input: CreateLedgerAccountInput): Promise<LedgerAccount> {
  if (input.currency.trim() === "") throw new LedgerInvariantError("A ledger account needs a currency");
  const at = await now(tx, input.platformId);
  try {
    return await tx.ledgerAccount.create({
      data: {
        id: uuidv7(at.getTime()),
        platformId: input.platformId,
        currency: input.currency,
        kind: input.kind,
        internalAccountId: input.internalAccountId,
        externalAccountId: input.externalAccountId,
        allowNegative: input.allowNegative ?? allowsNegativeByDefault(input.kind),
        createdAt: at,
        updatedAt: at,
      },
    });
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002")
      throw new ServiceError("CONFLICT", `Internal account ${input.internalAccountId} already has a ledger account`);
    throw e;
  }
}
