"use client";

import { useEffect, useState } from "react";
import { DateTimeSeconds } from "@/components/date-time-seconds";

/**
 * The platform's time as the service reported it, ticking on at wall-clock speed. It counts from
 * the server's value rather than the browser's clock, so a skewed browser clock does not show.
 * Render it with `key={now}` so a new server value starts it afresh.
 */
export function PlatformClock({ now }: { now: string }) {
  const [shown, setShown] = useState(now);

  useEffect(() => {
    const start = performance.now();
    const base = Date.parse(now);
    const timer = setInterval(() => setShown(new Date(base + performance.now() - start).toISOString()), 1_000);
    return () => clearInterval(timer);
  }, [now]);

  return (
    <p className="text-2xl font-semibold tracking-tight text-zinc-900">
      <DateTimeSeconds value={shown} testId="sandbox-clock" wrap />
    </p>
  );
}
