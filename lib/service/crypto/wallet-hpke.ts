import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { concatBytes, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { p256 } from "@noble/curves/nist.js";

/**
 * The "Turnkey HPKE profile" (WALLET-CRYPTO.md §0.1): base mode, DHKEM(P-256, HKDF-SHA256),
 * HKDF-SHA256, AES-256-GCM, info "turnkey_hpke", AAD = enc₆₅ ‖ recipientPublicKey₆₅, one message.
 */
const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
const INFO = utf8ToBytes("turnkey_hpke");

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer as ArrayBuffer;
}

/**
 * Seals `plaintext` to an uncompressed (65-byte) recipient public key. `ephemeralPrivateKeyHex`
 * makes the output deterministic and exists for test vectors only.
 */
export async function hpkeSeal(recipientPublicKey65: Uint8Array, plaintext: Uint8Array, ephemeralPrivateKeyHex?: string): Promise<{ enc: Uint8Array; ciphertext: Uint8Array }> {
  const recipientPublicKey = await suite.kem.deserializePublicKey(toArrayBuffer(recipientPublicKey65));
  let ekm: CryptoKeyPair | undefined;
  if (ephemeralPrivateKeyHex) {
    const secret = hexToBytes(ephemeralPrivateKeyHex);
    ekm = {
      privateKey: await suite.kem.deserializePrivateKey(toArrayBuffer(secret)),
      publicKey: await suite.kem.deserializePublicKey(toArrayBuffer(p256.getPublicKey(secret, false))),
    };
  }
  const ctx = await suite.createSenderContext({ recipientPublicKey, info: toArrayBuffer(INFO), ...(ekm && { ekm }) });
  const enc = new Uint8Array(ctx.enc);
  const ciphertext = new Uint8Array(await ctx.seal(toArrayBuffer(plaintext), toArrayBuffer(concatBytes(enc, recipientPublicKey65))));
  return { enc, ciphertext };
}

/** Opens a single-shot message; throws when the key, enc, AAD or ciphertext do not match. */
export async function hpkeOpen(recipientPrivateKeyHex: string, recipientPublicKey65: Uint8Array, enc65: Uint8Array, ciphertext: Uint8Array): Promise<Uint8Array> {
  const recipientKey = await suite.kem.deserializePrivateKey(toArrayBuffer(hexToBytes(recipientPrivateKeyHex)));
  const ctx = await suite.createRecipientContext({ recipientKey, enc: toArrayBuffer(enc65), info: toArrayBuffer(INFO) });
  return new Uint8Array(await ctx.open(toArrayBuffer(ciphertext), toArrayBuffer(concatBytes(enc65, recipientPublicKey65))));
}
