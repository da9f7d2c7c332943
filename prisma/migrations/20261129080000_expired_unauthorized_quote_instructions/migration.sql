-- Realtime quotes that expired before strong customer authentication completed kept their
-- paymentInstructions, which GET /quotes/{id} then showed though they were withheld while pending
-- and the quote never runs: drop them as expireUnrunQuote (expire-quote.ts) now does. Such a quote's
-- transaction lacks the instructions exactly then (authorizeQuote copies them, and the backfill
-- 20261129050100 gave every other realtime quote's transaction its quote's).
UPDATE "Quote" AS q
SET "paymentInstructions" = NULL
FROM "Transaction" AS t
WHERE t."id" = q."transactionId"
  AND t."platformId" = q."platformId"
  AND q."sourceType" = 'REALTIME_FUNDING'
  AND q."status" = 'EXPIRED'
  AND q."paymentInstructions" IS NOT NULL
  AND t."paymentInstructions" IS NULL;
