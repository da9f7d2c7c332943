/**
 * SCA regions: the EU/EEA (BEHAVIORS.md 10.30). A customer is in one when its `region` is one of
 * these ISO 3166-1 alpha-2 codes; SCA endpoints answer 409 for everyone else, and quotes for these
 * customers wait in PENDING_AUTHORIZATION.
 */
export const SCA_REGIONS: ReadonlySet<string> = new Set([
  "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU", "MT",
  "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "IS", "LI", "NO",
]);

export function isScaRegion(region: string | null | undefined): boolean {
  return region !== null && region !== undefined && SCA_REGIONS.has(region.toUpperCase());
}
