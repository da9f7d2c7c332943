import type { Customer as CustomerRow } from "@/lib/generated/prisma/client";
import type { DbOrTx, SqlTx } from "../db";
import { isScaRegion } from "../sca/sca-regions";

export type ContactChannel = "email" | "phone";
export type ContactVerificationStatus = "PENDING" | "VERIFIED";
export type ContactVerificationState = Partial<Record<ContactChannel, ContactVerificationStatus>>;

/**
 * The channels the provider makes a customer verify (BEHAVIORS.md §9.5). Our sandbox choice: the
 * provider serving EU/EEA customers (the SCA regions, BEHAVIORS.md 10.30) mandates it for the
 * email and phone number the customer has; everywhere else nothing is required.
 */
export function requiredContactChannels(customer: Pick<CustomerRow, "region" | "email" | "phoneNumber">): ContactChannel[] {
  if (!isScaRegion(customer.region)) return [];
  const channels: ContactChannel[] = [];
  if (customer.email) channels.push("email");
  if (customer.phoneNumber) channels.push("phone");
  return channels;
}

/** `contactVerification` of a customer: each required channel PENDING or VERIFIED; null when none is required. */
export async function getContactVerification(
  db: SqlTx,
  customer: Pick<CustomerRow, "id" | "platformId" | "region" | "email" | "phoneNumber">,
): Promise<ContactVerificationState | null> {
  const channels = requiredContactChannels(customer);
  if (channels.length === 0) return null;
  const [row] = await db.$queryRaw<Partial<Record<ContactChannel, string | null>>[]>`
    SELECT "email", "phone" FROM "ContactVerification" WHERE "customerId" = ${customer.id}::uuid AND "platformId" = ${customer.platformId}::uuid`;
  const state: ContactVerificationState = {};
  for (const channel of channels) state[channel] = row?.[channel] === "VERIFIED" ? "VERIFIED" : "PENDING";
  return state;
}

/** Channels still PENDING; KYC links and submissions wait for them (409). */
export async function pendingContactChannels(db: DbOrTx, customer: Parameters<typeof getContactVerification>[1]): Promise<ContactChannel[]> {
  const state = await getContactVerification(db, customer);
  return state ? (Object.keys(state) as ContactChannel[]).filter((c) => state[c] === "PENDING") : [];
}
