-- CreateEnum
CREATE TYPE "CardState" AS ENUM ('PENDING_KYC', 'PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED');

-- CreateEnum
CREATE TYPE "CardTransactionStatus" AS ENUM ('AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'DECLINED', 'VOIDED', 'EXCEPTION');

-- CreateTable
CREATE TABLE "Card" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "platformCardId" TEXT,
    "state" "CardState" NOT NULL,
    "stateReason" TEXT,
    "brand" TEXT NOT NULL,
    "form" TEXT NOT NULL,
    "last4" TEXT,
    "expMonth" INTEGER,
    "expYear" INTEGER,
    "fundingSources" TEXT[],
    "maxSpendPerTransaction" BIGINT,
    "currency" TEXT NOT NULL,
    "processorRef" TEXT NOT NULL,
    "issuerRef" TEXT NOT NULL,
    "supportsDigitalWalletTokenization" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Card_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CardTransaction" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "cardId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "platformCustomerId" TEXT NOT NULL,
    "accountId" UUID NOT NULL,
    "issuerTransactionToken" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" "CardTransactionStatus" NOT NULL,
    "direction" TEXT NOT NULL,
    "merchant" JSONB NOT NULL,
    "currency" TEXT NOT NULL,
    "authorizedAmount" BIGINT NOT NULL,
    "settledAmount" BIGINT NOT NULL DEFAULT 0,
    "refundedAmount" BIGINT NOT NULL DEFAULT 0,
    "cardDeclinedReason" TEXT,
    "originalTransactionId" UUID,
    "holdId" UUID,
    "pullCount" INTEGER NOT NULL DEFAULT 0,
    "pullTotal" BIGINT NOT NULL DEFAULT 0,
    "pullPendingUntil" TIMESTAMPTZ(3),
    "settlementCount" INTEGER NOT NULL DEFAULT 0,
    "refundCount" INTEGER NOT NULL DEFAULT 0,
    "reversedAt" TIMESTAMPTZ(3),
    "authorizedAt" TIMESTAMPTZ(3) NOT NULL,
    "lastEventAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CardTransaction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Card_platformId_createdAt_id_idx" ON "Card"("platformId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Card_platformId_customerId_idx" ON "Card"("platformId", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "CardTransaction_issuerTransactionToken_key" ON "CardTransaction"("issuerTransactionToken");

-- CreateIndex
CREATE INDEX "CardTransaction_platformId_createdAt_id_idx" ON "CardTransaction"("platformId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "CardTransaction_platformId_cardId_createdAt_id_idx" ON "CardTransaction"("platformId", "cardId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "CardTransaction_platformId_accountId_createdAt_idx" ON "CardTransaction"("platformId", "accountId", "createdAt");

-- AddForeignKey
ALTER TABLE "Card" ADD CONSTRAINT "Card_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CardTransaction" ADD CONSTRAINT "CardTransaction_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;
