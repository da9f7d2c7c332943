import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { estimateWithdrawalFee } from "./estimate-withdrawal-fee";
import { EstimateCryptoWithdrawalFeeRequestSchema, EstimateCryptoWithdrawalFeeResponseSchema } from "./schemas";

export const cryptoWithdrawalsRouter = createRouter().openapi(
  createRoute({
    method: "post",
    path: "/crypto/estimate-withdrawal-fee",
    operationId: "estimateCryptoWithdrawalFee",
    summary: "Estimate the fees of a crypto withdrawal",
    description:
      "What withdrawing `amount` from an internal account to `destinationAddress` on `cryptoNetwork` would cost; nothing moves. The currency must be the account's, the network must carry it (SOLANA, BASE, POLYGON, ETHEREUM: USDC; SPARK: BTC, USDB; BITCOIN: BTC) and the address must be in the network's format; something must arrive after the fees (else 400 AMOUNT_OUT_OF_RANGE). A crypto withdrawal is a quote (POST /quotes) from the account to a wallet external account on that network: the estimate is priced by the same fee schedule, so `totalFee` is the quote's `feesIncluded` and `netAmount` what it delivers. The sandbox's fee schedule charges no fee on a same-currency withdrawal and no network fee (BEHAVIORS 10.12: rail fees 0), so today `totalFee` is 0. Requires VIEW.",
    tags: ["Cross-Currency Transfers"],
    security: BASIC_AUTH,
    middleware: [requirePermission("VIEW")] as const,
    request: { body: jsonBody(EstimateCryptoWithdrawalFeeRequestSchema) },
    responses: { 200: jsonResponse(EstimateCryptoWithdrawalFeeResponseSchema, "The fee estimate"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => c.json(await estimateWithdrawalFee(c.get("db"), { platformId: c.get("auth").platformId, request: c.req.valid("json") }), 200),
);
