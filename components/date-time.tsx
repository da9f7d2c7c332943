const FORMAT = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

/** A timestamp in UTC, the same on server and client, with the exact value in the tooltip. */
export function DateTime({ value }: { value: string | undefined }) {
  if (!value) return <span className="text-zinc-400">—</span>;
  return (
    <time dateTime={value} title={value} className="whitespace-nowrap">
      {FORMAT.format(new Date(value))}
    </time>
  );
}
