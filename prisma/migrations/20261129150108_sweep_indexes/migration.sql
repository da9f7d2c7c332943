-- CreateIndex
CREATE INDEX "StaffSignInIpThrottle_windowStartedAt_idx" ON "StaffSignInIpThrottle"("windowStartedAt");

-- CreateIndex
CREATE INDEX "StaffSignInThrottle_windowStartedAt_idx" ON "StaffSignInThrottle"("windowStartedAt");

-- Finished jobs by when they finished ("updatedAt", set on the wall clock as the job is marked DONE):
-- the sweep keeps them a week from then, not from their "runAt" on the platform's clock. Partial,
-- so pending and running jobs cost nothing.
CREATE INDEX "Job_done_updatedAt_idx" ON "Job" ("updatedAt") WHERE "status" = 'DONE';
