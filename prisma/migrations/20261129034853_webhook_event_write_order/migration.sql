-- WebhookEvent."writeOrder": database-assigned, rising in the order events are written (BIGSERIAL),
-- spelled out so existing events are numbered in the order the claim used until now,
-- ("createdAt", "id"), with one rewrite of the table (ADD COLUMN … BIGSERIAL would number them in
-- no particular order and rewrite it once more).
ALTER TABLE "WebhookEvent" ADD COLUMN "writeOrder" BIGINT;
UPDATE "WebhookEvent" e SET "writeOrder" = o."n"
FROM (SELECT "id", row_number() OVER (ORDER BY "createdAt", "id") AS "n" FROM "WebhookEvent") o
WHERE e."id" = o."id";
CREATE SEQUENCE "WebhookEvent_writeOrder_seq" OWNED BY "WebhookEvent"."writeOrder";
SELECT setval('"WebhookEvent_writeOrder_seq"', COALESCE(MAX("writeOrder"), 0) + 1, false) FROM "WebhookEvent";
ALTER TABLE "WebhookEvent" ALTER COLUMN "writeOrder" SET DEFAULT nextval('"WebhookEvent_writeOrder_seq"'),
  ALTER COLUMN "writeOrder" SET NOT NULL;

-- A resource's events still to deliver, in the order they were written: the claim holds back an
-- event while an earlier one of the same resource waits (deliver-event.ts). Partial, so settled
-- events cost nothing.
DROP INDEX "WebhookEvent_pendingByResource_idx";
CREATE INDEX "WebhookEvent_pendingByResource_idx" ON "WebhookEvent" ("platformId", "resourceId", "writeOrder") WHERE "nextAttemptAt" IS NOT NULL AND "resourceId" IS NOT NULL;
