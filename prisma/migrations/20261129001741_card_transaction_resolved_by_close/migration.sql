-- AlterTable
ALTER TABLE "CardTransaction" ADD COLUMN     "resolvedByCloseAt" TIMESTAMPTZ(3);

-- Rows a card's close already resolved, recognised as before this column: the card is CLOSED (it
-- never changes again, so its updatedAt is when it closed) and the authorization ended at or after
-- that with less cleared than authorized.
UPDATE "CardTransaction" AS t SET "resolvedByCloseAt" = c."updatedAt"
FROM "Card" AS c
WHERE c."id" = t."cardId" AND c."state" = 'CLOSED' AND t."status" IN ('VOIDED', 'SETTLED')
  AND t."kind" IN ('AUTHORIZATION', 'CREDIT_AUTHORIZATION', 'CREDIT_AUTHORIZATION_ADVICE')
  AND t."lastEventAt" >= c."updatedAt" AND t."settledAmount" < t."authorizedAmount";
