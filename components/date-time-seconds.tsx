const FORMAT = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

/** Like DateTime, to the second: for clocks, deliveries and retries, where minutes are too coarse. */
export function DateTimeSeconds({ value, testId, wrap = false }: { value: string | undefined; testId?: string; /** Large text on a narrow screen: let the time break onto a second line. */ wrap?: boolean }) {
  if (!value) return <span className="text-zinc-400">—</span>;
  return (
    <time dateTime={value} title={value} data-testid={testId} className={`tabular-nums ${wrap ? "" : "whitespace-nowrap"}`}>
      {FORMAT.format(new Date(value))}
    </time>
  );
}
