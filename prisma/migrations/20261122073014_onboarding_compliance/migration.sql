-- AlterTable
ALTER TABLE "Platform" ADD COLUMN     "skipVerificationPaperwork" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Verification" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "verificationStatus" TEXT NOT NULL,
    "errors" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Verification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Document" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "customerId" UUID,
    "beneficialOwnerId" UUID,
    "documentType" TEXT NOT NULL,
    "side" TEXT,
    "country" TEXT NOT NULL,
    "documentNumber" TEXT,
    "issuingAuthority" TEXT,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "storageKey" TEXT NOT NULL,
    "rejectionReason" TEXT,
    "submittedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BeneficialOwner" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "roles" TEXT[],
    "ownershipPercentage" INTEGER NOT NULL,
    "personalInfo" JSONB NOT NULL,
    "kycStatus" "CustomerKycStatus" NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "BeneficialOwner_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KycLink" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "redirectUri" TEXT,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "KycLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContactVerification" (
    "customerId" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "emailSentAt" TIMESTAMPTZ(3),
    "phoneSentAt" TIMESTAMPTZ(3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ContactVerification_pkey" PRIMARY KEY ("customerId")
);

-- CreateTable
CREATE TABLE "Invitation" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "inviterUma" TEXT NOT NULL,
    "inviteeUma" TEXT,
    "firstName" TEXT,
    "amountToSend" BIGINT,
    "amountCurrency" TEXT,
    "status" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3),
    "claimedAt" TIMESTAMPTZ(3),
    "claimedByPlatformId" UUID,
    "cancelledAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Invitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScaCustomerState" (
    "customerId" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "sessionExpiresAt" TIMESTAMPTZ(3),
    "failedLoginCount" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMPTZ(3),
    "isSuspended" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ScaCustomerState_pkey" PRIMARY KEY ("customerId")
);

-- CreateTable
CREATE TABLE "ScaFactor" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "factor" TEXT NOT NULL,
    "name" TEXT,
    "secret" TEXT,
    "credentialId" TEXT,
    "status" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ScaFactor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScaChallenge" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "purpose" TEXT NOT NULL,
    "subjectId" UUID,
    "factor" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "failedAttempts" INTEGER NOT NULL DEFAULT 0,
    "resentAt" TIMESTAMPTZ(3),
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "completedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ScaChallenge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScaFactorReset" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "factor" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "completedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ScaFactorReset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScaTrustedBeneficiary" (
    "externalAccountId" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "trustedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ScaTrustedBeneficiary_pkey" PRIMARY KEY ("externalAccountId")
);

-- CreateIndex
CREATE INDEX "Verification_platformId_createdAt_id_idx" ON "Verification"("platformId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Verification_platformId_customerId_createdAt_idx" ON "Verification"("platformId", "customerId", "createdAt");

-- CreateIndex
CREATE INDEX "Document_platformId_createdAt_id_idx" ON "Document"("platformId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Document_platformId_customerId_idx" ON "Document"("platformId", "customerId");

-- CreateIndex
CREATE INDEX "Document_platformId_beneficialOwnerId_idx" ON "Document"("platformId", "beneficialOwnerId");

-- CreateIndex
CREATE INDEX "BeneficialOwner_platformId_createdAt_id_idx" ON "BeneficialOwner"("platformId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "BeneficialOwner_platformId_customerId_idx" ON "BeneficialOwner"("platformId", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "KycLink_token_key" ON "KycLink"("token");

-- CreateIndex
CREATE INDEX "KycLink_platformId_customerId_idx" ON "KycLink"("platformId", "customerId");

-- CreateIndex
CREATE INDEX "ContactVerification_platformId_idx" ON "ContactVerification"("platformId");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_code_key" ON "Invitation"("code");

-- CreateIndex
CREATE INDEX "Invitation_platformId_createdAt_id_idx" ON "Invitation"("platformId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ScaCustomerState_platformId_idx" ON "ScaCustomerState"("platformId");

-- CreateIndex
CREATE INDEX "ScaFactor_platformId_customerId_idx" ON "ScaFactor"("platformId", "customerId");

-- CreateIndex
CREATE INDEX "ScaChallenge_platformId_customerId_createdAt_idx" ON "ScaChallenge"("platformId", "customerId", "createdAt");

-- CreateIndex
CREATE INDEX "ScaChallenge_platformId_subjectId_idx" ON "ScaChallenge"("platformId", "subjectId");

-- CreateIndex
CREATE INDEX "ScaFactorReset_platformId_customerId_createdAt_idx" ON "ScaFactorReset"("platformId", "customerId", "createdAt");

-- CreateIndex
CREATE INDEX "ScaTrustedBeneficiary_platformId_customerId_idx" ON "ScaTrustedBeneficiary"("platformId", "customerId");

-- AddForeignKey
ALTER TABLE "Verification" ADD CONSTRAINT "Verification_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BeneficialOwner" ADD CONSTRAINT "BeneficialOwner_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KycLink" ADD CONSTRAINT "KycLink_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactVerification" ADD CONSTRAINT "ContactVerification_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScaCustomerState" ADD CONSTRAINT "ScaCustomerState_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScaFactor" ADD CONSTRAINT "ScaFactor_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScaChallenge" ADD CONSTRAINT "ScaChallenge_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScaFactorReset" ADD CONSTRAINT "ScaFactorReset_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScaTrustedBeneficiary" ADD CONSTRAINT "ScaTrustedBeneficiary_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;
