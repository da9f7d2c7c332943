/**
 * Interactive-transaction limits for money movements. Transfers on one account queue on its ledger
 * row lock and every transaction holds a pooled connection while it waits, so a burst (50 payouts
 * from one account at once) needs more than Prisma's defaults (2 s to start, 5 s to finish).
 */
export const TRANSFER_TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;
