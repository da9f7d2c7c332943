-- Transactions of quotes made before "Transaction"."paymentInstructions" existed
-- (20261126043451_transaction_payment_instructions) lack their quote's paymentInstructions, which
-- GET /transactions/{id} and the OUTGOING_PAYMENT.* events show (BEHAVIORS.md §3.2). Copy them as
-- the code writes them: the quote's array as it is (create-quote.ts), except a realtime quote's
-- while strong customer authentication withholds them. Such a quote had challenges (subjectId =
-- the quote) and its transaction gets them only once every step of scaStepsOf has a COMPLETED
-- challenge and the quote left PENDING_AUTHORIZATION (quote-authorization.ts authorizeQuote): one
-- that expired unanswered keeps none.
UPDATE "Transaction" AS t
SET "paymentInstructions" = q."paymentInstructions"
FROM "Quote" AS q
WHERE q."transactionId" = t."id"
  AND q."platformId" = t."platformId"
  AND t."paymentInstructions" IS NULL
  AND jsonb_typeof(q."paymentInstructions") = 'array'
  AND (
    q."sourceType" <> 'REALTIME_FUNDING'
    OR NOT EXISTS (SELECT 1 FROM "ScaChallenge" AS c WHERE c."platformId" = q."platformId" AND c."subjectId" = q."id")
    OR (
      q."status" <> 'PENDING_AUTHORIZATION'
      AND NOT EXISTS (
        -- scaStepsOf: CURRENCY_CONVERSION across currencies, PAYOUT to an external account or UMA
        -- address, TRANSFER when neither.
        SELECT 1
        FROM (VALUES
          ('CURRENCY_CONVERSION', q."sendingCurrency" <> q."receivingCurrency"),
          ('PAYOUT', q."destinationType" = 'UMA_ADDRESS' OR q."destinationAccountKind" IS NOT DISTINCT FROM 'EXTERNAL'),
          ('TRANSFER', q."sendingCurrency" = q."receivingCurrency" AND q."destinationType" <> 'UMA_ADDRESS' AND q."destinationAccountKind" IS DISTINCT FROM 'EXTERNAL')
        ) AS step ("purpose", "needed")
        WHERE step."needed"
          AND NOT EXISTS (
            SELECT 1 FROM "ScaChallenge" AS c
            WHERE c."platformId" = q."platformId" AND c."subjectId" = q."id" AND c."purpose" = step."purpose" AND c."status" = 'COMPLETED'
          )
      )
    )
  );
