-- CreateEnum
CREATE TYPE "TransactionStatus" AS ENUM ('CREATED', 'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'EXPIRED');

-- CreateEnum
CREATE TYPE "TransactionType" AS ENUM ('INCOMING', 'OUTGOING');

-- CreateTable
CREATE TABLE "Transaction" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "type" "TransactionType" NOT NULL,
    "status" "TransactionStatus" NOT NULL,
    "origin" TEXT NOT NULL,
    "customerId" UUID,
    "platformCustomerId" TEXT,
    "sourceAccountId" UUID,
    "destinationAccountId" UUID,
    "source" JSONB,
    "destination" JSONB NOT NULL,
    "sourceSnapshot" JSONB,
    "destinationSnapshot" JSONB,
    "sourceRailDetails" JSONB,
    "destinationRailDetails" JSONB,
    "senderIdentifiers" TEXT[],
    "receiverIdentifiers" TEXT[],
    "sentAmount" BIGINT,
    "sentCurrency" TEXT,
    "receivedAmount" BIGINT,
    "receivedCurrency" TEXT,
    "fees" BIGINT,
    "platformFees" BIGINT,
    "exchangeRate" DECIMAL(38,18),
    "quoteId" UUID,
    "paymentRail" TEXT,
    "railSelectionMode" TEXT,
    "expectedSettlementAt" TIMESTAMPTZ(3),
    "reference" TEXT NOT NULL,
    "description" TEXT,
    "remittanceInformation" TEXT,
    "purposeOfPayment" TEXT,
    "failureReason" TEXT,
    "pendingReason" TEXT,
    "refund" JSONB,
    "rateDetails" JSONB,
    "counterpartyInformation" JSONB,
    "receiptDeliveryConfirmedAt" TIMESTAMPTZ(3),
    "settledAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Transaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TransactionStatusChange" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "transactionId" UUID NOT NULL,
    "sequence" INTEGER NOT NULL,
    "status" "TransactionStatus" NOT NULL,
    "failureReason" TEXT,
    "refundStatus" TEXT,
    "eventType" TEXT,
    "webhookEventId" UUID,
    "note" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "TransactionStatusChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Transaction_platformId_createdAt_id_idx" ON "Transaction"("platformId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Transaction_platformId_customerId_createdAt_id_idx" ON "Transaction"("platformId", "customerId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Transaction_platformId_sourceAccountId_idx" ON "Transaction"("platformId", "sourceAccountId");

-- CreateIndex
CREATE INDEX "Transaction_platformId_destinationAccountId_idx" ON "Transaction"("platformId", "destinationAccountId");

-- CreateIndex
CREATE UNIQUE INDEX "Transaction_platformId_reference_key" ON "Transaction"("platformId", "reference");

-- CreateIndex
CREATE UNIQUE INDEX "TransactionStatusChange_transactionId_sequence_key" ON "TransactionStatusChange"("transactionId", "sequence");

-- AddForeignKey
ALTER TABLE "Transaction" ADD CONSTRAINT "Transaction_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TransactionStatusChange" ADD CONSTRAINT "TransactionStatusChange_transactionId_fkey" FOREIGN KEY ("transactionId") REFERENCES "Transaction"("id") ON DELETE CASCADE ON UPDATE CASCADE;
