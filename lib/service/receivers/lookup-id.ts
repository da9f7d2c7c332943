const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Lookup ids on the wire: `Lookup:<uuid>` (a receiver lookup, BEHAVIORS.md §9.2). */
export function formatLookupId(uuid: string): string {
  return `Lookup:${uuid}`;
}

/** `Lookup:<uuid>` (or the bare uuid) → the uuid, or null when malformed. */
export function parseLookupId(value: string): string | null {
  const uuid = (value.startsWith("Lookup:") ? value.slice("Lookup:".length) : value).toLowerCase();
  return UUID_RE.test(uuid) ? uuid : null;
}
