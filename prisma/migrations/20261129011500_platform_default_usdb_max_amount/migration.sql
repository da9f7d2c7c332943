-- Per-currency limits on outgoing money are now enforced (quotes, transfer-out). New platforms
-- got maxAmount 1,000,000,000 minor units for every default currency: $10M for USD and USDC, but
-- only 1,000 USDB (6 decimals). Move a USDB entry still at that default to 10,000,000 USDB, the
-- default new platforms now get (create-platform.ts defaultMaxAmount).
UPDATE "Platform" AS p SET "supportedCurrencies" = (
  SELECT jsonb_agg(
    CASE WHEN c->>'currencyCode' = 'USDB' AND c->'maxAmount' = '1000000000'::jsonb
      THEN jsonb_set(c, '{maxAmount}', '10000000000000'::jsonb) ELSE c END
    ORDER BY i)
  FROM jsonb_array_elements(p."supportedCurrencies") WITH ORDINALITY AS e(c, i)
)
WHERE jsonb_typeof(p."supportedCurrencies") = 'array' AND EXISTS (
  SELECT 1 FROM jsonb_array_elements(p."supportedCurrencies") AS c
  WHERE c->>'currencyCode' = 'USDB' AND c->'maxAmount' = '1000000000'::jsonb
);
