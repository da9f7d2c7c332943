/** Minor units → "12.34 USD" without floats (bigint arithmetic). */
export function formatMinor(amount: number | bigint, code: string, decimals = 2): string {
  const value = BigInt(amount);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const whole = (abs / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = decimals > 0 ? `.${(abs % scale).toString().padStart(decimals, "0")}` : "";
  return `${negative ? "-" : ""}${whole}${fraction} ${code}`;
}

/** "jane@example.com" → "j•••@example.com"; phone numbers keep their last 4 digits. */
export function maskContact(value: string): string {
  const at = value.indexOf("@");
  if (at > 0) return `${value[0]}•••${value.slice(at)}`;
  return value.length > 4 ? `•••${value.slice(-4)}` : "•••";
}
