-- AlterTable
ALTER TABLE "WebhookEvent" ADD COLUMN     "resourceId" TEXT;

-- A resource's events still to deliver, oldest first: the claim holds back an event while an
-- earlier one of the same resource waits (deliver-event.ts). Partial, so settled events cost nothing.
CREATE INDEX "WebhookEvent_pendingByResource_idx" ON "WebhookEvent" ("platformId", "resourceId", "createdAt", "id") WHERE "nextAttemptAt" IS NOT NULL AND "resourceId" IS NOT NULL;
