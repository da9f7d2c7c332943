/** The origin passkeys are bound to: the dashboard's public URL (relying party = its host name). */
export function scaOrigin(): string {
  return process.env.NEXTAUTH_URL?.replace(/\/$/, "") ?? "http://localhost:3000";
}

export function relyingPartyId(): string {
  return new URL(scaOrigin()).hostname;
}
