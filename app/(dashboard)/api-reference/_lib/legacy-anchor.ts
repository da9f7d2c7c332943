/**
 * Where an anchor of the old single-page reference (`/api-reference#op-<id>`, `#tag-<slug>`) lives
 * now: its tag's page (at the operation), or null for a hash that names neither. Pure and free of
 * the OpenAPI document, so the overview's client code stays small.
 */
export function legacyAnchorHref(hash: string, operationIdsBySlug: Record<string, string[]>): string | null {
  const anchor = hash.replace(/^#/, "");
  if (!anchor) return null;
  for (const [slug, ids] of Object.entries(operationIdsBySlug)) {
    if (anchor === `tag-${slug}`) return `/api-reference/${slug}`;
    if (anchor.startsWith("op-") && ids.includes(anchor.slice("op-".length))) return `/api-reference/${slug}#${anchor}`;
  }
  return null;
}
