import { isIP } from "node:net";

/**
 * The key failed sign-ins are counted under for a client address (throttlePasswordCheck), or null
 * when there is no usable address. An IPv4 address counts as itself, also when the socket shows it
 * IPv4-mapped (`::ffff:203.0.113.9`). An IPv6 address counts as its /64 network: one subscriber
 * usually holds a whole /64 and could otherwise take a fresh address for every few guesses.
 */
export function clientIpKey(address: string | null | undefined): string | null {
  const trimmed = address?.trim() ?? "";
  // A zone index (`fe80::1%eth0`) names the interface, not the client.
  const ip = trimmed.split("%")[0] ?? "";
  const version = isIP(ip);
  if (version === 4) return ip;
  if (version !== 6) return null;
  const groups = expandIpv6(ip);
  const mapped = groups.slice(0, 6).join(":") === "0:0:0:0:0:ffff";
  if (mapped) return [groups[6]!, groups[7]!].flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]).join(".");
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight groups of a valid IPv6 address, lowercase and without leading zeros. */
function expandIpv6(ip: string): string[] {
  let text = ip.toLowerCase();
  // A dotted IPv4 tail (`::ffff:1.2.3.4`) becomes two hex groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}
