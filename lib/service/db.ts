import type { PrismaClient } from "@/lib/generated/prisma/client";

/** The Prisma client (or an interactive transaction of it) that service code is handed. */
export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;
export type { SqlTx } from "@/lib/db/sql";
