import { randomBytes } from "node:crypto";

/** Domain of generated UMA addresses on platforms that have not configured `umaDomain`. */
export const SANDBOX_UMA_DOMAIN = "customers.sandbox.uma.example";

/** `$user@domain`: UMA user names are case-insensitive letters, digits and `._+-`, at most 64. */
export const UMA_ADDRESS_PATTERN = /^\$[a-zA-Z0-9._+-]{1,64}@(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;

/** A fresh address for a customer created without one (BEHAVIORS.md §1.2). */
export function generateUmaAddress(umaDomain: string | null): string {
  return `$c${randomBytes(8).toString("hex")}@${umaDomain ?? SANDBOX_UMA_DOMAIN}`;
}

/** The form uniqueness is checked on. */
export function umaAddressKey(umaAddress: string): string {
  return umaAddress.toLowerCase();
}
