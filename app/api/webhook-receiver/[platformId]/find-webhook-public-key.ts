import "server-only";
import { services } from "@/lib/services";
import { parseId } from "@/lib/service/http/ids";

/**
 * The platform's bare id and webhook public key (PEM), or null for a malformed or unknown id. Read
 * from the database directly: deliveries carry no staff session, and the key is public anyway.
 */
export async function findWebhookPublicKey(platformId: string): Promise<{ platformId: string; publicKeyPem: string } | null> {
  const id = parseId("Platform", platformId, { allowBare: true });
  if (!id) return null;
  const db = await services().db();
  const platform = await db.platform.findUnique({ where: { id }, select: { id: true, webhookPublicKeyPem: true } });
  return platform ? { platformId: platform.id, publicKeyPem: platform.webhookPublicKeyPem } : null;
}
