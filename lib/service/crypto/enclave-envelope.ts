import { p256 } from "@noble/curves/nist.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { keyPairFromPrivateKey } from "./p256-keys";
import { hpkeSeal } from "./wallet-hpke";

/**
 * The signed enclave envelope (WALLET-CRYPTO.md §0.2): JSON text `{version, data, dataSignature,
 * enclaveQuorumPublic}` where data is the hex of the inner JSON's UTF-8 bytes and dataSignature a
 * deterministic low-S DER ECDSA-P256/SHA-256 signature over those bytes by the enclave key.
 */
export function signEnclaveEnvelope(innerJson: string, enclavePrivateKeyHex: string): string {
  const dataBytes = utf8ToBytes(innerJson);
  const signature = p256.sign(dataBytes, hexToBytes(enclavePrivateKeyHex), { format: "der" });
  return JSON.stringify({
    version: "v1.0.0",
    data: bytesToHex(dataBytes),
    dataSignature: bytesToHex(signature),
    enclaveQuorumPublic: keyPairFromPrivateKey(enclavePrivateKeyHex).publicKeyUncompressedHex,
  });
}

/** `otpEncryptionTargetBundle` (§1): the envelope over `{targetPublic, organizationId}`; targetPublic uncompressed. */
export function otpEncryptionTargetBundle(input: { targetPublicKeyUncompressedHex: string; organizationId: string; enclavePrivateKeyHex: string }): string {
  const inner = JSON.stringify({ targetPublic: input.targetPublicKeyUncompressedHex, organizationId: input.organizationId });
  return signEnclaveEnvelope(inner, input.enclavePrivateKeyHex);
}

/**
 * `encryptedWalletCredentials` of a wallet export (§3): the wallet secret HPKE-sealed to the
 * client's public key, wrapped as `{encappedPublic, ciphertext, organizationId}` in a signed envelope.
 */
export async function sealWalletExport(input: {
  clientPublicKey65: Uint8Array;
  secret: string;
  organizationId: string;
  enclavePrivateKeyHex: string;
  ephemeralPrivateKeyHex?: string;
}): Promise<string> {
  const { enc, ciphertext } = await hpkeSeal(input.clientPublicKey65, utf8ToBytes(input.secret), input.ephemeralPrivateKeyHex);
  const inner = JSON.stringify({ encappedPublic: bytesToHex(enc), ciphertext: bytesToHex(ciphertext), organizationId: input.organizationId });
  return signEnclaveEnvelope(inner, input.enclavePrivateKeyHex);
}
