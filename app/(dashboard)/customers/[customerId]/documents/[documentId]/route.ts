import { routeServiceClient } from "@/lib/client/server";
import { resourceIdFromSegment } from "@/components/resource-id";

const ALLOWED_TYPES = new Set(["application/pdf", "image/jpeg", "image/png"]);

/**
 * In place of the pages' policy (lib/security-headers.ts): a file runs no script of ours, and
 * Chrome's PDF viewer needs object-src and inline styles on the PDF's own answer.
 */
const DOCUMENT_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Open a document's file for review: GET /documents/{documentId}/content, streamed through. */
export async function GET(_request: Request, { params }: { params: Promise<{ documentId: string }> }) {
  const documentId = resourceIdFromSegment((await params).documentId, "Document");
  if (!documentId) return new Response("No such document\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const client = await routeServiceClient();
  if (client instanceof Response) return client;
  const { data, error, response } = await client.GET("/documents/{documentId}/content", { params: { path: { documentId } }, parseAs: "stream" });
  if (!response.ok || !data) {
    const status = response.status === 404 ? 404 : response.status === 403 ? 403 : 502;
    const text = error ? `${error.code}: ${error.message}` : `The service answered ${response.status}`;
    return new Response(`${text}\n`, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  // Only the formats the service accepts are shown inline; anything else downloads.
  const contentType = response.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
  const isInline = ALLOWED_TYPES.has(contentType);
  return new Response(data, {
    headers: {
      "content-type": isInline ? contentType : "application/octet-stream",
      "content-disposition": response.headers.get("content-disposition") ?? (isInline ? "inline" : "attachment"),
      "x-content-type-options": "nosniff",
      "content-security-policy": DOCUMENT_CSP,
      "cache-control": "private, no-store",
    },
  });
}
