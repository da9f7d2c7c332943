-- CreateIndex
CREATE INDEX "AgentDeviceCode_platformId_expiresAt_idx" ON "AgentDeviceCode"("platformId", "expiresAt");

-- CreateIndex
CREATE INDEX "ExternalAccountOwnershipChallenge_platformId_expiresAt_idx" ON "ExternalAccountOwnershipChallenge"("platformId", "expiresAt");

-- CreateIndex
CREATE INDEX "KycLink_platformId_expiresAt_idx" ON "KycLink"("platformId", "expiresAt");

-- CreateIndex
CREATE INDEX "ScaChallenge_platformId_expiresAt_idx" ON "ScaChallenge"("platformId", "expiresAt");

-- CreateIndex
CREATE INDEX "WalletAuthSession_platformId_expiresAt_idx" ON "WalletAuthSession"("platformId", "expiresAt");

-- CreateIndex
CREATE INDEX "WalletOtpChallenge_platformId_expiresAt_idx" ON "WalletOtpChallenge"("platformId", "expiresAt");

-- CreateIndex
CREATE INDEX "WalletSignedRequest_platformId_expiresAt_idx" ON "WalletSignedRequest"("platformId", "expiresAt");
