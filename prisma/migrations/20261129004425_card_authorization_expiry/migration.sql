-- AlterTable
ALTER TABLE "CardTransaction" ADD COLUMN     "expiredAt" TIMESTAMPTZ(3);

-- Authorizations open before this change got no expiry step: schedule theirs, 7 days after they were
-- authorized (kind and payload as lib/service/cards/expire-lapsed-authorization.ts writes them). One
-- already past its time runs at the next look of a worker or the sandbox clock.
INSERT INTO "Job" ("id", "platformId", "kind", "payload", "runAt", "status", "attempts", "createdAt", "updatedAt")
SELECT gen_random_uuid(), t."platformId", 'card.expire-authorization', jsonb_build_object('cardTransactionId', t."id"::text),
  t."authorizedAt" + interval '7 days', 'PENDING'::"JobStatus", 0, now(), now()
FROM "CardTransaction" AS t
WHERE t."status" IN ('AUTHORIZED', 'PARTIALLY_SETTLED') AND t."kind" <> 'BALANCE_INQUIRY';
