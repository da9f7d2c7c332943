const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/**
 * The id in a detail page's URL segment: `Type:<uuid>`, percent-encoded or not, or a bare uuid.
 * Anything else is null, a page that does not exist: passed on, it could name another API route
 * (/agents/approvals would fetch the approvals list as if it were an agent).
 */
export function resourceIdFromSegment(segment: string, type: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(segment);
  } catch {
    return null; // a malformed escape
  }
  return new RegExp(`^(?:${type}:)?${UUID}$`, "i").test(value) ? value : null;
}
