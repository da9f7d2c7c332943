import type { Db } from "../db";

/** The pool's size when DATABASE_POOL_SIZE is not set (lib/db/open-database.ts). */
const POOL_SIZE = 10;

/**
 * Puts every connection of the pool in an open transaction, as under a burst of payments, and
 * answers once they are all held. `release()` ends them (and waits for them to end).
 */
export async function holdEveryPooledConnection(db: Db): Promise<{ release: () => Promise<void> }> {
  let letGo!: () => void;
  const busyUntil = new Promise<void>((r) => (letGo = r));
  let holding = 0;
  let allHeld!: () => void;
  const allHolding = new Promise<void>((r) => (allHeld = r));
  const held = Array.from({ length: POOL_SIZE }, () =>
    db.$transaction(
      async () => {
        if (++holding === POOL_SIZE) allHeld();
        await busyUntil;
      },
      { maxWait: 10_000, timeout: 30_000 },
    ),
  );
  await Promise.race([allHolding, Promise.all(held)]);
  return {
    async release() {
      letGo();
      await Promise.allSettled(held);
    },
  };
}
