-- Customers deleted before DELETE /customers closed their cards may still hold cards not CLOSED,
-- with open authorizations holding their money: schedule, for each such customer, the step that
-- closes them as a delete now does (kind and payload as
-- lib/service/cards/close-deleted-customer-cards.ts reads them), due at once on the platform's clock.
INSERT INTO "Job" ("id", "platformId", "kind", "payload", "runAt", "status", "attempts", "createdAt", "updatedAt")
SELECT gen_random_uuid(), c."platformId", 'card.close-deleted-customer-cards', jsonb_build_object('customerId', c."id"::text),
  now() + p."clockOffsetMs" * interval '1 millisecond', 'PENDING'::"JobStatus", 0,
  now() + p."clockOffsetMs" * interval '1 millisecond', now() + p."clockOffsetMs" * interval '1 millisecond'
FROM "Customer" AS c
JOIN "Platform" AS p ON p."id" = c."platformId"
WHERE c."deletedAt" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "Card" AS k WHERE k."customerId" = c."id" AND k."platformId" = c."platformId" AND k."state" <> 'CLOSED');
