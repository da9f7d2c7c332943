"use client";

import { useEffect, useState } from "react";

/**
 * Seconds left until `expiresAt`, ticking every second. The service's (sandbox) clock can run ahead
 * of this browser's, so the deadline is measured from `issuedAt` (the service's time when it
 * answered) and counted down on the local clock from the moment the answer arrived.
 */
export function useSecondsLeft(issuedAt: string, expiresAt: string): number {
  const [deadline] = useState(() => Date.now() + (Date.parse(expiresAt) - Date.parse(issuedAt)));
  const [left, setLeft] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setLeft(secondsUntil(deadline)), 1000);
    return () => clearInterval(timer);
  }, [deadline, left]);
  return left;
}

function secondsUntil(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/** "4:59 left" → "expired". */
export function ExpiryCountdown({ secondsLeft }: { secondsLeft: number }) {
  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, "0");
  return (
    <span data-testid="quote-countdown" role="timer" className={`tabular-nums font-medium ${secondsLeft > 0 ? (secondsLeft <= 30 ? "text-amber-700" : "text-zinc-800") : "text-red-700"}`}>
      {secondsLeft > 0 ? `${minutes}:${seconds} left` : "expired"}
    </span>
  );
}
