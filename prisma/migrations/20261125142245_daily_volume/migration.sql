-- CreateTable
CREATE TABLE "DailyVolume" (
    "platformId" UUID NOT NULL,
    "payerId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,

    CONSTRAINT "DailyVolume_pkey" PRIMARY KEY ("platformId","payerId","day","currency")
);

-- CreateTable
CREATE TABLE "DailyVolumeChange" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "payerId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,

    CONSTRAINT "DailyVolumeChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DailyVolumeChange_platformId_payerId_day_idx" ON "DailyVolumeChange"("platformId", "payerId", "day");

-- Backfill: what each payer has sent so far. The payer is whose money went out: the source
-- internal account's owner (the platform when it has none), or the funding customer of a realtime
-- quote (no source account), as lib/service/transactions/daily-volume.ts counts it.
INSERT INTO "DailyVolume" ("platformId", "payerId", "day", "currency", "amount")
SELECT t."platformId",
  COALESCE(CASE WHEN t."sourceAccountId" IS NOT NULL THEN a."customerId" ELSE t."customerId" END, t."platformId"),
  (t."createdAt" AT TIME ZONE 'UTC')::date, COALESCE(t."sentCurrency", 'USD'), SUM(t."sentAmount")
FROM "Transaction" t
LEFT JOIN "InternalAccount" a ON a."id" = t."sourceAccountId" AND a."platformId" = t."platformId"
WHERE t."type" = 'OUTGOING' AND t."status" IN ('PROCESSING', 'COMPLETED') AND t."sentAmount" IS NOT NULL
GROUP BY 1, 2, 3, 4;
