/**
 * The `payloadToSign` of credential/session/export/privacy/delegated-key retries
 * (WALLET-CRYPTO.md §4 shape (c)): JSON text `{organizationId, parameters, timestampMs, type}`,
 * keys alphabetical. The requestId inside `parameters` makes every payload unique, so a stamp can
 * never be replayed on another request. Clients sign the text as is and never parse it.
 */
export function activityPayload(input: { type: string; organizationId: string; requestId: string; issuedAt: Date; parameters: Record<string, unknown> }): string {
  return JSON.stringify({
    organizationId: input.organizationId,
    parameters: { ...input.parameters, requestId: input.requestId },
    timestampMs: String(input.issuedAt.getTime()),
    type: input.type,
  });
}
