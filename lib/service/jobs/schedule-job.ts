import type { Prisma } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";

/**
 * Schedules work on the platform's clock. Join the caller's transaction so the job exists exactly
 * when the change that needs it commits. `runAt` defaults to now.
 */
export async function scheduleJob(
  tx: DbOrTx,
  job: { platformId: string; kind: string; payload: Prisma.InputJsonValue; runAt?: Date },
): Promise<string> {
  const createdAt = await now(tx, job.platformId);
  const id = uuidv7(createdAt.getTime());
  await tx.job.create({
    data: { id, platformId: job.platformId, kind: job.kind, payload: job.payload, runAt: job.runAt ?? createdAt, createdAt, updatedAt: createdAt },
  });
  return id;
}
