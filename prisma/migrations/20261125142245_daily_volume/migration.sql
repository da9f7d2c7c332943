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

-- Backfill: what each payer has sent so far, as the limit used to sum it from "Transaction".
INSERT INTO "DailyVolume" ("platformId", "payerId", "day", "currency", "amount")
SELECT "platformId", COALESCE("customerId", "platformId"), ("createdAt" AT TIME ZONE 'UTC')::date, COALESCE("sentCurrency", 'USD'), SUM("sentAmount")
FROM "Transaction"
WHERE "type" = 'OUTGOING' AND "status" IN ('PROCESSING', 'COMPLETED') AND "sentAmount" IS NOT NULL
GROUP BY 1, 2, 3, 4;
