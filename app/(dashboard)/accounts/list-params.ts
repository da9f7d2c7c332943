import { z } from "zod";

// Anything unexpected in the URL is dropped rather than sent to the API. The list's position is
// read by pagePosition (components/page-params.ts).
export const AccountListParamsSchema = z.object({
  customerId: z.string().trim().max(200).optional().catch(undefined).transform((v) => v || undefined),
  currency: z.string().regex(/^[A-Z]{3,5}$/).optional().catch(undefined),
});
export type AccountListParams = z.infer<typeof AccountListParamsSchema>;

export function filterQuery({ customerId, currency }: AccountListParams): Record<string, string | undefined> {
  return { customerId, currency };
}
