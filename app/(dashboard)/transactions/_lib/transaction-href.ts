export function transactionHref(transactionId: string): string {
  return `/transactions/${encodeURIComponent(transactionId)}`;
}
