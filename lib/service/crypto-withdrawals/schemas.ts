import { z } from "@hono/zod-openapi";

export const CRYPTO_NETWORKS = ["BITCOIN", "ETHEREUM", "SOLANA", "BASE", "POLYGON", "TRON", "PLASMA", "SPARK"] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

const int64 = z.number().int().max(Number.MAX_SAFE_INTEGER);

export const EstimateCryptoWithdrawalFeeRequestSchema = z
  .object({
    internalAccountId: z.string().min(1).openapi({ description: "`InternalAccount:<uuid>` the withdrawal would debit.", example: "InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    currency: z.string().min(1).openapi({ description: "Asset withdrawn; must be the account's currency.", example: "USDC" }),
    cryptoNetwork: z.enum(CRYPTO_NETWORKS).openapi({ description: "Network to send on; it must carry the currency.", example: "SOLANA" }),
    amount: int64.positive().openapi({ description: "Gross amount debited, smallest unit of the currency.", example: 10_000 }),
    destinationAddress: z.string().min(1).openapi({ description: "Address on that network, in its format.", example: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV" }),
  })
  .openapi("EstimateCryptoWithdrawalFeeRequest");
export type EstimateCryptoWithdrawalFeeRequest = z.infer<typeof EstimateCryptoWithdrawalFeeRequestSchema>;

export const EstimateCryptoWithdrawalFeeResponseSchema = z
  .object({
    networkFee: int64.openapi({ description: "Network (gas) fee, smallest unit of `networkFeeAsset`." }),
    networkFeeAsset: z.string().openapi({ description: "Asset the network fee is charged in: in the sandbox, the withdrawn currency." }),
    applicationFee: int64.openapi({ description: "The Service's fee, smallest unit of the currency." }),
    totalFee: int64.openapi({ description: "networkFee + applicationFee." }),
    netAmount: int64.openapi({ description: "What arrives at the destination: amount − totalFee." }),
  })
  .openapi("EstimateCryptoWithdrawalFeeResponse");
export type EstimateCryptoWithdrawalFeeResponse = z.infer<typeof EstimateCryptoWithdrawalFeeResponseSchema>;
