import { Prisma } from "@/lib/generated/prisma/client";
import type { SqlTx, Tx } from "../db";
import { LedgerInvariantError } from "./ledger-invariant-error";

/**
 * The interactive transaction a ledger write must join. Row locks only last until the end of the
 * transaction, so handing the bare client would let two debits read the same balance:
 * `$connect?: never` makes passing `db` a type error (the transaction client has no `$connect`).
 */
export type LedgerTx = Tx & { $connect?: never };
/** The raw-SQL part of LedgerTx, all the ledger's own writes use: a pg connection's transaction has it too (sqlTransaction). */
export type SqlLedgerTx = SqlTx & { $connect?: never };

/**
 * Makes each lock statement report the transaction id it took its locks in (row locks always
 * assign one), as column "xid".
 */
export const CURRENT_XID = Prisma.sql`pg_current_xact_id()::text AS "xid"`;

/**
 * A one-row CTE body that is empty unless the statement runs in transaction `xid`. Every ledger
 * write selects FROM it, so a bare client that slipped past LedgerTx (each statement its own
 * transaction, the locks already gone) writes nothing and is caught by notInTransaction().
 */
export const inTransaction = (xid: string) => Prisma.sql`SELECT WHERE pg_current_xact_id() = ${xid}::xid8`;

export function notInTransaction(): LedgerInvariantError {
  return new LedgerInvariantError("Ledger writes must run inside an interactive transaction (db.$transaction(async (tx) => …))");
}
