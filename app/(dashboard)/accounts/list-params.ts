import { z } from "zod";

// Anything unexpected in the URL is dropped rather than sent to the API.
export const AccountListParamsSchema = z.object({
  customerId: z.string().trim().max(200).optional().catch(undefined).transform((v) => v || undefined),
  currency: z.string().regex(/^[A-Z]{3,5}$/).optional().catch(undefined),
  cursor: z.string().max(512).optional().catch(undefined).transform((v) => v || undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type AccountListParams = z.infer<typeof AccountListParamsSchema>;

export function filterQuery({ customerId, currency }: AccountListParams): Record<string, string | undefined> {
  return { customerId, currency };
}
