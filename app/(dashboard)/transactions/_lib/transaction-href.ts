export function transactionHref(transactionId: string): string {
  return `/transactions/${encodeURIComponent(transactionId)}`;
}

/** `Transaction:<uuid>` may arrive percent-encoded; a malformed escape is just an unknown id. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
