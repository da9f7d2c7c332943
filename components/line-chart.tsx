export interface LineChartPoint {
  /** ISO 8601 time of the value. */
  at: string;
  /** Exact integer value (minor units for money). */
  value: string;
}

export interface LineChartProps {
  /** Oldest first. The line holds each value until the next point (a step line). */
  points: LineChartPoint[];
  /** Where the x axis starts and ends; default: the first and last point. */
  startAt?: string;
  endAt?: string;
  /** Turns an exact value into its label ("$25.00"). */
  formatValue: (value: string) => string;
  /** Turns a time into its axis label. */
  formatTime: (at: string) => string;
  label: string;
  testId?: string;
}

const WIDTH = 1000;
const HEIGHT = 200;
const MAX_MARKERS = 200;

/** Position of `value` between min and max as 0…HEIGHT, computed on bigints so no value is rounded first. */
function yOf(value: bigint, min: bigint, max: bigint): number {
  if (max === min) return HEIGHT / 2;
  return HEIGHT - Number(((value - min) * BigInt(HEIGHT * 100)) / (max - min)) / 100;
}

/**
 * A small SVG step chart with no library: the line is drawn in a stretched viewBox (the stroke
 * keeps its width), and labels and point markers are HTML laid over it in percentages.
 */
export function LineChart({ points, startAt, endAt, formatValue, formatTime, label, testId }: LineChartProps) {
  if (points.length === 0) return <p className="py-10 text-center text-sm text-zinc-500">No data in this window.</p>;
  const values = points.map((p) => BigInt(p.value));
  const min = values.reduce((a, b) => (b < a ? b : a));
  const max = values.reduce((a, b) => (b > a ? b : a));
  const lo = min > 0n ? 0n : min; // balances read best from zero
  const hi = max < 0n ? 0n : max;
  const t0 = Date.parse(startAt ?? points[0]!.at);
  const t1 = Math.max(Date.parse(endAt ?? points.at(-1)!.at), Date.parse(points.at(-1)!.at), t0 + 1);
  const xOf = (at: string) => Math.min(WIDTH, Math.max(0, ((Date.parse(at) - t0) / (t1 - t0)) * WIDTH));
  const coords = points.map((p, i) => ({ x: xOf(p.at), y: yOf(values[i]!, lo, hi), point: p }));

  let path = `M0 ${coords[0]!.y.toFixed(2)}`;
  for (const c of coords) path += ` H${c.x.toFixed(2)} V${c.y.toFixed(2)}`;
  path += ` H${WIDTH}`;
  const zeroY = yOf(0n, lo, hi);
  const area = `${path} V${zeroY.toFixed(2)} H0 Z`;

  return (
    <figure data-testid={testId} className="space-y-2">
      <div className="flex gap-3">
        <div className="flex w-24 shrink-0 flex-col justify-between py-0.5 text-right text-xs text-zinc-500 tabular-nums" aria-hidden>
          <span>{formatValue(hi.toString())}</span>
          <span>{formatValue(lo.toString())}</span>
        </div>
        <div className="relative h-48 flex-1 rounded-md border border-zinc-100 bg-zinc-50/50">
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className="absolute inset-0 size-full overflow-visible" role="img" aria-label={label}>
            <line x1="0" x2={WIDTH} y1={zeroY} y2={zeroY} className="stroke-zinc-300" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
            <path d={area} className="fill-brand-100/60" />
            <path d={path} fill="none" className="stroke-brand-600" strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
          </svg>
          {coords.length <= MAX_MARKERS &&
            coords.map((c, i) => (
              <span
                key={i}
                title={`${formatTime(c.point.at)}: ${formatValue(c.point.value)}`}
                className="absolute size-2 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-600 shadow-sm"
                style={{ left: `${(c.x / WIDTH) * 100}%`, top: `${(c.y / HEIGHT) * 100}%` }}
              />
            ))}
        </div>
      </div>
      <figcaption className="ml-27 flex justify-between text-xs text-zinc-500">
        <span>{formatTime(new Date(t0).toISOString())}</span>
        <span>{formatTime(new Date(t1).toISOString())}</span>
      </figcaption>
    </figure>
  );
}
