/**
 * Days a lookup is kept after it was made, on the platform's clock (the worker's sweep then deletes
 * it): the spec gives a lookupId no validity period, but lookups kept for ever would grow without bound.
 */
export const LOOKUP_RETENTION_DAYS = 30;

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
