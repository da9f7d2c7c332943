-- CreateTable
CREATE TABLE "StaffSignInIpThrottle" (
    "ip" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "windowStartedAt" TIMESTAMPTZ(3) NOT NULL,
    "lockedUntil" TIMESTAMPTZ(3),

    CONSTRAINT "StaffSignInIpThrottle_pkey" PRIMARY KEY ("ip")
);
