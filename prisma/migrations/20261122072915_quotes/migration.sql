-- CreateEnum
CREATE TYPE "QuoteStatus" AS ENUM ('PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED');

-- CreateTable
CREATE TABLE "Quote" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "status" "QuoteStatus" NOT NULL,
    "transactionId" UUID NOT NULL,
    "customerId" UUID,
    "sourceType" TEXT NOT NULL,
    "sourceAccountId" UUID,
    "destinationType" TEXT NOT NULL,
    "destinationAccountKind" TEXT,
    "destinationAccountId" UUID,
    "source" JSONB NOT NULL,
    "destination" JSONB NOT NULL,
    "sendingCurrency" TEXT NOT NULL,
    "receivingCurrency" TEXT NOT NULL,
    "totalSendingAmount" BIGINT NOT NULL,
    "totalReceivingAmount" BIGINT NOT NULL,
    "exchangeRate" DECIMAL(38,18) NOT NULL,
    "feesIncluded" BIGINT NOT NULL,
    "platformFeesIncluded" BIGINT NOT NULL,
    "rateDetails" JSONB NOT NULL,
    "lockedCurrencySide" TEXT NOT NULL,
    "lockedCurrencyAmount" BIGINT NOT NULL,
    "paymentInstructions" JSONB,
    "paymentRail" TEXT,
    "railSelectionMode" TEXT,
    "statementDescriptor" TEXT,
    "description" TEXT,
    "remittanceInformation" TEXT,
    "purposeOfPayment" TEXT,
    "counterpartyInformation" JSONB,
    "senderCustomerInfo" JSONB,
    "lookupId" UUID,
    "fundingReference" TEXT,
    "executedAt" TIMESTAMPTZ(3),
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Quote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReceiverLookup" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "receiverUmaAddress" TEXT,
    "accountId" UUID,
    "customerId" UUID,
    "senderUmaAddress" TEXT,
    "response" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ReceiverLookup_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Quote_platformId_createdAt_id_idx" ON "Quote"("platformId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Quote_transactionId_key" ON "Quote"("transactionId");

-- CreateIndex
CREATE INDEX "ReceiverLookup_platformId_createdAt_idx" ON "ReceiverLookup"("platformId", "createdAt");

-- AddForeignKey
ALTER TABLE "Quote" ADD CONSTRAINT "Quote_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReceiverLookup" ADD CONSTRAINT "ReceiverLookup_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;
