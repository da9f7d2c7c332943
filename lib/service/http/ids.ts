import { randomFillSync } from "node:crypto";

/**
 * Typed ids `<Type>:<uuid>` (SPEC.md conventions). Parsed and formatted only here; domain code
 * works with bare UUIDs. UUIDv7 so that ids sort by creation time.
 */
export const ID_TYPES = [
  "Session",
  "InternalAccount",
  "ExternalAccount",
  "AuthMethod",
  "Quote",
  "Transaction",
  "Customer",
  "Token",
  "DelegatedKey",
  "Card",
  "CardFundingSource",
  "CardTransaction",
  "Agent",
  "AgentAction",
  "Request",
  "Webhook",
  "Stablecoin",
  "StablecoinOperation",
  "StablecoinProviderAccount",
  "Platform",
  "StaffUser",
  "Job", // bulk customer upload jobs: `Job:<uuid>` (BEHAVIORS.md §9.7)
  "BulkUploadJob", // legacy prefix of bulk upload job ids, still accepted on reads
  "Verification",
  "Document",
  "BeneficialOwner",
  "ScaChallenge",
  "ScaFactor",
  "ScaFactorReset",
] as const;
export type IdType = (typeof ID_TYPES)[number];

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A bare uuid as the service writes them (lowercase). */
export const isUuid = (value: string) => UUID_RE.test(value);

let lastMs = 0;
let sequence = 0;
/**
 * The last counter of the few milliseconds used before `lastMs` (a ring, newest written last):
 * callers pass different clocks (a platform's sandbox clock, the wall clock, a time read earlier),
 * so calls interleave milliseconds, and a millisecond met again counts on instead of restarting at
 * random. Plain arrays scanned in full: a Map keyed by such numbers costs several times as much.
 */
const RECENT_MS = 16;
const recentMs = new Float64Array(RECENT_MS).fill(-1);
const recentSequence = new Uint16Array(RECENT_MS);
let recentNext = 0;

// Every request makes ids: random bytes come from a pool refilled by one getrandom call per 400
// ids, and the string is put together from a hex table (a Buffer and its toString("hex") per id
// cost 4x as much).
const randomPool = Buffer.allocUnsafe(10 * 400);
let poolOffset = randomPool.length;
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/**
 * UUIDv7 (RFC 9562): 48-bit Unix milliseconds, a 12-bit counter for ids made in the same
 * millisecond (so they still sort in creation order, method 1 of §6.2), then random bits.
 */
// Ids carry wall-clock time on purpose: they order rows, they are not domain time.
// eslint-disable-next-line no-restricted-syntax
export function uuidv7(atMs: number = Date.now()): string {
  if (poolOffset === randomPool.length) {
    randomFillSync(randomPool);
    poolOffset = 0;
  }
  const r = poolOffset;
  poolOffset += 10;
  const random = randomPool;
  if (atMs === lastMs) {
    if (sequence < 0xfff) sequence++; // past 4095 ids in one millisecond the random bits still keep them apart
  } else {
    let previous = -1;
    for (let i = 0; i < RECENT_MS; i++) {
      if (recentMs[i] === atMs) previous = recentSequence[i]!;
      if (recentMs[i] === lastMs) recentMs[i] = -1; // written again below as the newest
    }
    recentMs[recentNext] = lastMs;
    recentSequence[recentNext] = sequence;
    recentNext = (recentNext + 1) % RECENT_MS;
    lastMs = atMs;
    // A millisecond not met lately starts at random, leaving room to count up.
    sequence = previous === -1 ? random[r + 8]! & 0x7f : Math.min(previous + 1, 0xfff);
  }
  const high = Math.floor(atMs / 0x10000); // the top 32 of the 48 bits; `>>>` below keeps the low 32
  return (
    HEX[high >>> 24]! + HEX[(high >>> 16) & 0xff]! + HEX[(high >>> 8) & 0xff]! + HEX[high & 0xff]! +
    "-" + HEX[(atMs >>> 8) & 0xff]! + HEX[atMs & 0xff]! +
    "-" + HEX[0x70 | (sequence >> 8)]! + HEX[sequence & 0xff]! +
    "-" + HEX[(random[r]! & 0x3f) | 0x80]! + HEX[random[r + 1]!]! +
    "-" + HEX[random[r + 2]!]! + HEX[random[r + 3]!]! + HEX[random[r + 4]!]! + HEX[random[r + 5]!]! + HEX[random[r + 6]!]! + HEX[random[r + 7]!]!
  );
}

export function formatId(type: IdType, uuid: string): string {
  return `${type}:${uuid}`;
}

/**
 * `Type:<uuid>` → the bare uuid, or null when malformed or of another type (callers answer 404).
 * A bare uuid is accepted too where the spec allows it (e.g. `cardId` filters).
 */
export function parseId(type: IdType, value: string, options: { allowBare?: boolean } = {}): string | null {
  const prefix = `${type}:`;
  let uuid: string;
  if (value.startsWith(prefix)) uuid = value.slice(prefix.length);
  else if (options.allowBare) uuid = value;
  else return null;
  uuid = uuid.toLowerCase();
  return UUID_RE.test(uuid) ? uuid : null;
}

/** What is wrong with `value` as a `Type:<uuid>` id of `type`, or null when it is one. */
export function idFormProblem(type: IdType, value: string): string | null {
  if (parseId(type, value) !== null) return null;
  const form = `${type} ids look like ${type}:<uuid>`;
  if (UUID_RE.test(value.toLowerCase())) return `${value} is not a ${type} id: ${form} (here ${type}:${value})`;
  const prefix = /^([A-Za-z]+):/.exec(value)?.[1];
  const other = ID_TYPES.find((t) => t.toLowerCase() === prefix?.toLowerCase());
  if (other && other !== type) return `${value} is a${/^[AEIOU]/.test(other) ? "n" : ""} ${other} id, not a ${type} id: ${form}`;
  return `${value} is not a ${type} id: ${form}`;
}

/** "InternalAccount" → "Internal account", the noun a message reads. */
const nounOf = (type: IdType) => type.replace(/(?<=[a-z])([A-Z])/g, (c) => ` ${c.toLowerCase()}`);

/**
 * The message of the 404 for an id the client gave: "<Noun> <id> not found" for a well-formed id,
 * else what is wrong with its form (a bare uuid, another type's id), so nobody goes looking for a
 * deleted resource when the id only lacked its `Type:` prefix. The status stays the spec's 404.
 */
export function notFoundMessage(type: IdType, value: string, options: { noun?: string; allowBare?: boolean } = {}): string {
  const isWellFormed = parseId(type, value, { allowBare: options.allowBare }) !== null;
  return (isWellFormed ? null : idFormProblem(type, value)) ?? `${options.noun ?? nounOf(type)} ${value} not found`;
}
