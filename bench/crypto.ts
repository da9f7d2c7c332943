// Crypto paths against their raw primitives (issue #12: "crypto paths ≥ 0.8 of raw"), in-process,
// alternating measured side and baseline (ABAB…) and reporting the median ratio of operations/s.
import { webcrypto } from "node:crypto";
import { p256 } from "@noble/curves/nist.js";
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { bytesToHex, concatBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { createWalletStamp, parseWalletStamp, verifyWalletStamp } from "../lib/service/crypto/wallet-stamp";
import { hpkeOpen, hpkeSeal } from "../lib/service/crypto/wallet-hpke";

const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const MS = Number(process.env.BENCH_CRYPTO_MS ?? 400);

/** Operations per second of `op` run back to back for about MS milliseconds. */
async function rate(op: () => Promise<unknown> | unknown): Promise<number> {
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < MS) {
    await op();
    n++;
  }
  return n / ((performance.now() - start) / 1000);
}

async function abab(ours: () => Promise<unknown> | unknown, raw: () => Promise<unknown> | unknown) {
  await rate(ours);
  await rate(raw); // warm-up
  const ratios: number[] = [];
  const figures: { ours: number; raw: number }[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const a = await rate(ours);
    const b = await rate(raw);
    ratios.push(a / b);
    figures.push({ ours: Math.round(a), raw: Math.round(b) });
  }
  ratios.sort((x, y) => x - y);
  return { ratio: Number(ratios[Math.floor(ratios.length / 2)]!.toFixed(2)), figures };
}

export async function benchCrypto() {
  // Verify: a wallet stamp header (parse + ECDSA verify over the payload) vs WebCrypto verify of the same signature.
  const secret = p256.utils.randomSecretKey();
  const payload = JSON.stringify({ type: "ACTIVITY_TYPE_SIGN_TRANSACTION", organizationId: "bench", parameters: { amount: 12_345, nonce: bytesToHex(p256.utils.randomSecretKey()) } });
  const header = createWalletStamp(payload, bytesToHex(secret));
  const publicRaw = p256.getPublicKey(secret, false);
  const compact = p256.sign(utf8ToBytes(payload), secret, { format: "compact" });
  const data = utf8ToBytes(payload);
  // The baseline imports its key once (the cheapest raw form); our path caches keys it has seen.
  const rawKey = await webcrypto.subtle.importKey("raw", publicRaw, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  const verify = await abab(
    () => {
      const stamp = parseWalletStamp(header);
      if (!stamp.ok || !verifyWalletStamp(stamp, payload)) throw new Error("stamp did not verify");
    },
    async () => {
      if (!(await webcrypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, rawKey, compact, data))) throw new Error("raw verify failed");
    },
  );

  // HPKE open: our profile's open vs @hpke/core's own recipient context with the same inputs.
  const recipient = p256.utils.randomSecretKey();
  const recipientPublic = p256.getPublicKey(recipient, false);
  const { enc, ciphertext } = await hpkeSeal(recipientPublic, utf8ToBytes("{\"otp_code\":\"000000\",\"public_key\":\"02…\"}"));
  const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
  const info = utf8ToBytes("turnkey_hpke");
  const aad = concatBytes(enc, recipientPublic);
  const buf = (b: Uint8Array) => b.slice().buffer as ArrayBuffer;
  const open = await abab(
    () => hpkeOpen(bytesToHex(recipient), recipientPublic, enc, ciphertext),
    async () => {
      const recipientKey = await suite.kem.deserializePrivateKey(buf(recipient));
      const ctx = await suite.createRecipientContext({ recipientKey, enc: buf(enc), info: buf(info) });
      return ctx.open(buf(ciphertext), buf(aad));
    },
  );
  return { verify_vs_webcrypto: verify.ratio, hpke_open_vs_raw: open.ratio, figures: { verify: verify.figures, hpkeOpen: open.figures } };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchCrypto(), null, 2));
