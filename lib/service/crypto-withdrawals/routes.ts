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
      "What withdrawing `amount` from an internal account to `destinationAddress` on `cryptoNetwork` would cost; nothing moves. The currency must be the account's, the network must carry it (SOLANA, BASE, POLYGON, ETHEREUM: USDC; SPARK: BTC, USDB; BITCOIN: BTC) and the address must be in the network's format; the amount must exceed the fees. Sandbox fees are deterministic: a fixed network fee per network in the withdrawn currency plus a 10 bps application fee. Requires VIEW.",
    tags: ["Cross-Currency Transfers"],
    security: BASIC_AUTH,
    middleware: [requirePermission("VIEW")] as const,
    request: { body: jsonBody(EstimateCryptoWithdrawalFeeRequestSchema) },
    responses: { 200: jsonResponse(EstimateCryptoWithdrawalFeeResponseSchema, "The fee estimate"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => c.json(await estimateWithdrawalFee(c.get("db"), { platformId: c.get("auth").platformId, request: c.req.valid("json") }), 200),
);
