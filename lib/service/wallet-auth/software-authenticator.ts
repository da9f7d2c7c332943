// Test-only: a software WebAuthn authenticator (P-256, attestation "none") producing the
// base64url values a browser hands to a platform, in the API's field names (imported by tests only).
import { createHash, randomBytes } from "node:crypto";
import { p256 } from "@noble/curves/nist.js";
import { concatBytes } from "@noble/hashes/utils.js";

type Cbor = number | string | Uint8Array | CborMap | { [key: string]: Cbor };
type CborMap = Map<Cbor, Cbor>;

function head(major: number, value: number): Uint8Array {
  if (value < 24) return new Uint8Array([(major << 5) | value]);
  if (value < 256) return new Uint8Array([(major << 5) | 24, value]);
  return new Uint8Array([(major << 5) | 25, value >> 8, value & 0xff]);
}

function cbor(value: Cbor): Uint8Array {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = new TextEncoder().encode(value);
    return concatBytes(head(3, bytes.length), bytes);
  }
  if (value instanceof Uint8Array) return concatBytes(head(2, value.length), value);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return concatBytes(head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)]));
}

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash("sha256").update(data).digest());
const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");

export function softwareAuthenticator(options: { rpId?: string; origin?: string; privateKeyHex?: string; userVerified?: boolean } = {}) {
  const rpId = options.rpId ?? "localhost";
  const origin = options.origin ?? "http://localhost:5173";
  const secret = options.privateKeyHex ? Uint8Array.from(Buffer.from(options.privateKeyHex, "hex")) : p256.utils.randomSecretKey();
  const credentialIdBytes = new Uint8Array(randomBytes(16));
  const credentialId = b64url(credentialIdBytes);
  let counter = 0;
  const flags = (extra: number) => 0x01 | (options.userVerified === false ? 0 : 0x04) | extra;
  const counterBytes = () => new Uint8Array([(counter >>> 24) & 0xff, (counter >>> 16) & 0xff, (counter >>> 8) & 0xff, counter & 0xff]);

  /** navigator.credentials.create() for a base64url registration challenge. */
  function register(challenge: string) {
    const point = p256.getPublicKey(secret, false);
    const cose = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, point.slice(1, 33)], [-3, point.slice(33, 65)]]));
    const authData = concatBytes(sha256(rpId), new Uint8Array([flags(0x40)]), counterBytes(), new Uint8Array(16), new Uint8Array([0, credentialIdBytes.length]), credentialIdBytes, cose);
    const clientDataJson = JSON.stringify({ type: "webauthn.create", challenge, origin, crossOrigin: false });
    return {
      credentialId,
      clientDataJson: b64url(clientDataJson),
      attestationObject: b64url(cbor({ fmt: "none", attStmt: {}, authData })),
      transports: ["internal" as const],
    };
  }

  /** navigator.credentials.get() with the API's hex challenge (its UTF-8 bytes are the WebAuthn challenge). */
  function assert(challengeHex: string, opts: { userPresent?: boolean; origin?: string; counter?: number } = {}) {
    counter = opts.counter ?? counter + 1;
    const authData = concatBytes(sha256(rpId), new Uint8Array([opts.userPresent === false ? flags(0) & ~0x01 : flags(0)]), counterBytes());
    const clientDataJson = JSON.stringify({ type: "webauthn.get", challenge: b64url(challengeHex), origin: opts.origin ?? origin, crossOrigin: false });
    const signature = p256.sign(concatBytes(authData, sha256(clientDataJson)), secret, { format: "der" });
    return { credentialId, clientDataJson: b64url(clientDataJson), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: b64url("user-handle-001") };
  }

  return { credentialId, register, assert };
}
