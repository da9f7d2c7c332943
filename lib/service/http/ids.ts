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

// Every request makes ids; one getrandom call per 256 ids instead of one per id.
const randomPool = Buffer.allocUnsafe(16 * 256);
let poolOffset = randomPool.length;
function random16(): Buffer {
  if (poolOffset === randomPool.length) {
    randomFillSync(randomPool);
    poolOffset = 0;
  }
  const bytes = Buffer.allocUnsafe(16);
  randomPool.copy(bytes, 0, poolOffset, poolOffset + 16);
  poolOffset += 16;
  return bytes;
}

/**
 * UUIDv7 (RFC 9562): 48-bit Unix milliseconds, a 12-bit counter for ids made in the same
 * millisecond (so they still sort in creation order, method 1 of §6.2), then random bits.
 */
// Ids carry wall-clock time on purpose: they order rows, they are not domain time.
// eslint-disable-next-line no-restricted-syntax
export function uuidv7(atMs: number = Date.now()): string {
  const bytes = random16();
  if (atMs === lastMs && sequence < 0xfff) sequence++;
  else {
    lastMs = atMs;
    sequence = bytes[7]! & 0x7f; // random start, leaving room to count up
  }
  for (let i = 0; i < 6; i++) bytes[i] = Math.floor(atMs / 2 ** (8 * (5 - i))) % 256;
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
