-- CreateTable
CREATE TABLE "WalletOidcTokenUse" (
    "platformId" UUID NOT NULL,
    "claimsHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WalletOidcTokenUse_pkey" PRIMARY KEY ("platformId","claimsHash")
);

-- CreateIndex
CREATE INDEX "WalletOidcTokenUse_platformId_expiresAt_idx" ON "WalletOidcTokenUse"("platformId", "expiresAt");

-- AddForeignKey
ALTER TABLE "WalletOidcTokenUse" ADD CONSTRAINT "WalletOidcTokenUse_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;
