-- CreateEnum
CREATE TYPE "LedgerAccountKind" AS ENUM ('CUSTOMER_INTERNAL', 'PLATFORM_INTERNAL', 'SERVICE_CLEARING', 'SERVICE_FEES', 'SERVICE_FX', 'EXTERNAL_COUNTERPARTY');

-- CreateEnum
CREATE TYPE "HoldStatus" AS ENUM ('ACTIVE', 'RELEASED', 'CAPTURED');

-- CreateTable
CREATE TABLE "LedgerAccount" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "currency" TEXT NOT NULL,
    "kind" "LedgerAccountKind" NOT NULL,
    "internalAccountId" UUID,
    "externalAccountId" UUID,
    "systemKey" TEXT,
    "allowNegative" BOOLEAN NOT NULL DEFAULT false,
    "postedBalance" BIGINT NOT NULL DEFAULT 0,
    "heldAmount" BIGINT NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "LedgerAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LedgerTransaction" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "description" TEXT,
    "transactionId" UUID,
    "effectiveAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "LedgerTransaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LedgerEntry" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "ledgerTransactionId" UUID NOT NULL,
    "ledgerAccountId" UUID NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "effectiveAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "LedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Hold" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "ledgerAccountId" UUID NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "status" "HoldStatus" NOT NULL DEFAULT 'ACTIVE',
    "reference" TEXT,
    "transactionId" UUID,
    "ledgerTransactionId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "releasedAt" TIMESTAMPTZ(3),
    "capturedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Hold_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LedgerAccount_platformId_kind_currency_idx" ON "LedgerAccount"("platformId", "kind", "currency");

-- CreateIndex
CREATE UNIQUE INDEX "LedgerAccount_platformId_systemKey_key" ON "LedgerAccount"("platformId", "systemKey");

-- CreateIndex
CREATE UNIQUE INDEX "LedgerAccount_platformId_internalAccountId_key" ON "LedgerAccount"("platformId", "internalAccountId");

-- CreateIndex
CREATE INDEX "LedgerTransaction_platformId_transactionId_idx" ON "LedgerTransaction"("platformId", "transactionId");

-- CreateIndex
CREATE INDEX "LedgerEntry_ledgerAccountId_effectiveAt_ledgerTransactionId_idx" ON "LedgerEntry"("ledgerAccountId", "effectiveAt", "ledgerTransactionId");

-- CreateIndex
CREATE INDEX "LedgerEntry_ledgerTransactionId_idx" ON "LedgerEntry"("ledgerTransactionId");

-- CreateIndex
CREATE INDEX "Hold_ledgerAccountId_status_idx" ON "Hold"("ledgerAccountId", "status");

-- CreateIndex
CREATE INDEX "Hold_platformId_transactionId_idx" ON "Hold"("platformId", "transactionId");

-- CreateIndex
CREATE INDEX "Hold_platformId_reference_idx" ON "Hold"("platformId", "reference");

-- AddForeignKey
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerTransaction" ADD CONSTRAINT "LedgerTransaction_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_ledgerTransactionId_fkey" FOREIGN KEY ("ledgerTransactionId") REFERENCES "LedgerTransaction"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_ledgerAccountId_fkey" FOREIGN KEY ("ledgerAccountId") REFERENCES "LedgerAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Hold" ADD CONSTRAINT "Hold_ledgerAccountId_fkey" FOREIGN KEY ("ledgerAccountId") REFERENCES "LedgerAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Ledger invariants the schema language cannot express. The ledger checks them first and answers
-- INSUFFICIENT_BALANCE: these only stop a bug from ever storing a broken balance.
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_available_check" CHECK ("allowNegative" OR "postedBalance" - "heldAmount" >= 0);
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_heldAmount_check" CHECK ("heldAmount" >= 0);
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_amount_check" CHECK ("amount" <> 0);
ALTER TABLE "Hold" ADD CONSTRAINT "Hold_amount_check" CHECK ("amount" > 0);
