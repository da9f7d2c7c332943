-- CreateTable
CREATE TABLE "StaffSignInThrottle" (
    "email" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "windowStartedAt" TIMESTAMPTZ(3) NOT NULL,
    "lockedUntil" TIMESTAMPTZ(3),

    CONSTRAINT "StaffSignInThrottle_pkey" PRIMARY KEY ("email")
);
