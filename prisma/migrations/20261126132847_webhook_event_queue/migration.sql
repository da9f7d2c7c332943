-- AlterTable
ALTER TABLE "WebhookEvent" ADD COLUMN     "lockedUntil" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "WebhookEvent_nextAttemptAt_id_idx" ON "WebhookEvent"("nextAttemptAt", "id");

-- CreateIndex
CREATE INDEX "WebhookEvent_platformId_nextAttemptAt_idx" ON "WebhookEvent"("platformId", "nextAttemptAt");

-- Deliveries were `webhook.deliver` jobs. A waiting one becomes its event's nextAttemptAt, an
-- event still to be attempted without one falls due now, and the jobs themselves go.
UPDATE "WebhookEvent" e SET "nextAttemptAt" = j."runAt"
FROM "Job" j
WHERE j."kind" = 'webhook.deliver' AND j."status" IN ('PENDING', 'RUNNING')
  AND j."platformId" = e."platformId" AND j."payload"->>'eventId' = e."id"::text
  AND e."deliveryStatus" IN ('PENDING', 'RETRYING');
UPDATE "WebhookEvent" SET "nextAttemptAt" = "createdAt" WHERE "deliveryStatus" IN ('PENDING', 'RETRYING') AND "nextAttemptAt" IS NULL;
UPDATE "WebhookEvent" SET "nextAttemptAt" = NULL WHERE "deliveryStatus" NOT IN ('PENDING', 'RETRYING');
DELETE FROM "Job" WHERE "kind" = 'webhook.deliver';
