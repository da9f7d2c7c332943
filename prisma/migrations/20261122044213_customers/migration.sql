-- CreateEnum
CREATE TYPE "CustomerType" AS ENUM ('INDIVIDUAL', 'BUSINESS');

-- CreateEnum
CREATE TYPE "CustomerKycStatus" AS ENUM ('UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED');

-- CreateEnum
CREATE TYPE "BulkCustomerImportStatus" AS ENUM ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED');

-- CreateTable
CREATE TABLE "Customer" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "customerType" "CustomerType" NOT NULL,
    "platformCustomerId" TEXT NOT NULL,
    "activePlatformCustomerId" TEXT,
    "umaAddress" TEXT NOT NULL,
    "activeUmaAddress" TEXT,
    "kycStatus" "CustomerKycStatus" NOT NULL,
    "region" TEXT,
    "currencies" TEXT[],
    "email" TEXT,
    "phoneNumber" TEXT,
    "fullName" TEXT,
    "birthDate" DATE,
    "nationality" TEXT,
    "address" JSONB,
    "idType" TEXT,
    "identifier" TEXT,
    "countryOfIssuance" TEXT,
    "dueDiligence" JSONB,
    "businessInfo" JSONB,
    "deletedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Customer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomerAgreementConsent" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "termsVersion" TEXT NOT NULL,
    "acceptedAt" TIMESTAMPTZ(3) NOT NULL,
    "ipAddress" TEXT NOT NULL,
    "acceptanceMethod" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CustomerAgreementConsent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BulkCustomerImport" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "status" "BulkCustomerImportStatus" NOT NULL DEFAULT 'PENDING',
    "fileName" TEXT,
    "rows" JSONB NOT NULL,
    "total" INTEGER NOT NULL,
    "completedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "BulkCustomerImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BulkCustomerImportRow" (
    "importId" UUID NOT NULL,
    "rowNumber" INTEGER NOT NULL,
    "platformId" UUID NOT NULL,
    "correlationId" TEXT NOT NULL,
    "customerId" UUID,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "errorDetails" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "BulkCustomerImportRow_pkey" PRIMARY KEY ("importId","rowNumber")
);

-- CreateIndex
CREATE INDEX "Customer_platformId_createdAt_id_idx" ON "Customer"("platformId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Customer_platformId_platformCustomerId_idx" ON "Customer"("platformId", "platformCustomerId");

-- CreateIndex
CREATE UNIQUE INDEX "Customer_platformId_activePlatformCustomerId_key" ON "Customer"("platformId", "activePlatformCustomerId");

-- CreateIndex
CREATE UNIQUE INDEX "Customer_platformId_activeUmaAddress_key" ON "Customer"("platformId", "activeUmaAddress");

-- CreateIndex
CREATE INDEX "CustomerAgreementConsent_customerId_type_acceptedAt_idx" ON "CustomerAgreementConsent"("customerId", "type", "acceptedAt");

-- CreateIndex
CREATE INDEX "BulkCustomerImport_platformId_createdAt_id_idx" ON "BulkCustomerImport"("platformId", "createdAt", "id");

-- AddForeignKey
ALTER TABLE "Customer" ADD CONSTRAINT "Customer_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerAgreementConsent" ADD CONSTRAINT "CustomerAgreementConsent_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BulkCustomerImport" ADD CONSTRAINT "BulkCustomerImport_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BulkCustomerImportRow" ADD CONSTRAINT "BulkCustomerImportRow_importId_fkey" FOREIGN KEY ("importId") REFERENCES "BulkCustomerImport"("id") ON DELETE CASCADE ON UPDATE CASCADE;
