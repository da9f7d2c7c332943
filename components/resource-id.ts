const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/**
 * The id in a detail page's URL segment: `Type:<uuid>`, percent-encoded or not, or a bare uuid.
 * Anything else is null, a page that does not exist: passed on, it could name another API route
 * (/agents/approvals would fetch the approvals list as if it were an agent).
 */
export function resourceIdFromSegment(segment: string, type: string): string | null {
  const value = decodedSegment(segment);
  if (value === null) return null;
  return new RegExp(`^(?:${type}:)?${UUID}$`, "i").test(value) ? value : null;
}

/** A URL segment (or path) with its percent-escapes decoded, or null for a malformed escape. */
export function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
