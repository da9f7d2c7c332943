import { verifyWebhookSignature } from "@/lib/service/crypto/webhook-signature";
import { now } from "@/lib/service/sandbox/clock";
import { services } from "@/lib/services";
import { recordReceivedWebhook, recordRejectedWebhook } from "../_lib/received-webhooks";
import { findWebhookPublicKey } from "./find-webhook-public-key";

/** Bigger bodies are refused before reading: every real event is far smaller, and the store is in memory. */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * The built-in webhook receiver: verifies `X-Service-Signature` over the raw body with the
 * platform's public key, answers 401 when it does not verify (SPEC.md § Events: invalid signatures
 * must be rejected) and 200 otherwise. Only verified deliveries are kept for the webhooks page; of
 * refused posts (anyone can send one) only the count and the time of the last.
 */
export async function POST(request: Request, { params }: { params: Promise<{ platformId: string }> }) {
  const platform = await findWebhookPublicKey((await params).platformId);
  if (!platform) return Response.json({ error: "No platform with this id" }, { status: 404 });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return Response.json({ error: "Body too large" }, { status: 413 });

  const raw = Buffer.from(await request.arrayBuffer());
  if (raw.byteLength > MAX_BODY_BYTES) return Response.json({ error: "Body too large" }, { status: 413 });
  const body = raw.toString("utf8");
  const signature = request.headers.get("x-service-signature");
  // On the platform's clock, which stamps the delivery attempts (a sandbox clock may run ahead of
  // the wall clock), so the page shows a receipt at the time of its attempt.
  const receivedAt = (await now(await services().db(), platform.platformId)).toISOString();
  if (signature === null || !verifyWebhookSignature(body, signature, platform.publicKeyPem)) {
    recordRejectedWebhook(platform.platformId, receivedAt);
    return Response.json({ error: signature === null ? "Missing X-Service-Signature" : "Invalid signature" }, { status: 401 });
  }
  recordReceivedWebhook(platform.platformId, { receivedAt, body });
  return Response.json({ received: true });
}
