-- DropIndex
DROP INDEX "IdempotencyKey_expiresAt_idx";

-- CreateIndex
CREATE INDEX "DailyVolume_platformId_day_idx" ON "DailyVolume"("platformId", "day");

-- CreateIndex
CREATE INDEX "IdempotencyKey_platformId_expiresAt_idx" ON "IdempotencyKey"("platformId", "expiresAt");
