import type { Prisma } from "@/lib/generated/prisma/client";
import type { SqlTx } from "../db";
import { uuidv7 } from "../http/ids";
import { noteStepWritten } from "../sandbox/advance-steps";
import { now } from "../sandbox/clock";

/**
 * Schedules work on the platform's clock. Join the caller's transaction so the job exists exactly
 * when the change that needs it commits. `runAt` defaults to now.
 */
export async function scheduleJob(
  tx: SqlTx,
  job: { platformId: string; kind: string; payload: Prisma.InputJsonValue; runAt?: Date },
): Promise<string> {
  const createdAt = await now(tx, job.platformId);
  const id = uuidv7(createdAt.getTime());
  noteStepWritten(id);
  await tx.$executeRaw`
    INSERT INTO "Job" ("id", "platformId", "kind", "payload", "runAt", "status", "attempts", "createdAt", "updatedAt")
    VALUES (${id}::uuid, ${job.platformId}::uuid, ${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.runAt ?? createdAt}::timestamptz, 'PENDING', 0, ${createdAt}::timestamptz, ${createdAt}::timestamptz)`;
  return id;
}
