import { databasePoolSize } from "@/lib/db/open-database";
import type { Db } from "../db";

/**
 * Puts every connection of the pool in an open transaction, as under a burst of payments, and
 * answers once they are all held. `release()` ends them (and waits for them to end).
 */
export async function holdEveryPooledConnection(db: Db): Promise<{ release: () => Promise<void> }> {
  const size = databasePoolSize();
  let letGo!: () => void;
  const busyUntil = new Promise<void>((r) => (letGo = r));
  let holding = 0;
  let allHeld!: () => void;
  const allHolding = new Promise<void>((r) => (allHeld = r));
  const held = Array.from({ length: size }, () =>
    db.$transaction(
      async () => {
        if (++holding === size) allHeld();
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
