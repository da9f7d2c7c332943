"use client";

import { useEffect } from "react";
import { legacyAnchorHref } from "../_lib/legacy-anchor";

/**
 * The reference used to be one page, and bookmarks and docs still link to its anchors. A hash never
 * reaches the server, so the overview sends such a link on, in the browser, to the tag page that has
 * the operation now (replacing the history entry, so Back does not bounce here again).
 */
export function LegacyAnchorRedirect({ operationIdsBySlug }: { operationIdsBySlug: Record<string, string[]> }) {
  useEffect(() => {
    const href = legacyAnchorHref(window.location.hash, operationIdsBySlug);
    if (href) window.location.replace(href);
  }, [operationIdsBySlug]);
  return null;
}
