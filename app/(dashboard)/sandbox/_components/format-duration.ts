/** "6 min", "1 h 30 min", "2 d 4 h": whole units, the two largest only, for people reading offsets. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.round(Math.abs(totalSeconds));
  const units: [string, number][] = [
    ["d", Math.floor(seconds / 86_400)],
    ["h", Math.floor((seconds % 86_400) / 3_600)],
    ["min", Math.floor((seconds % 3_600) / 60)],
    ["s", seconds % 60],
  ];
  const parts = units.filter(([, n]) => n > 0).slice(0, 2);
  return parts.length === 0 ? "0 s" : parts.map(([unit, n]) => `${n} ${unit}`).join(" ");
}
