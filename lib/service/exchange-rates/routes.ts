import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonResponse } from "../http/openapi";
import { ExchangeRateListResponseSchema, ExchangeRateQuerySchema } from "./schemas";
import { listExchangeRates } from "./list-exchange-rates";

export const exchangeRatesRouter = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/exchange-rates",
    operationId: "getExchangeRates",
    summary: "Get exchange rates",
    description: "Cached about 5 minutes (the same rate within a window); includes the platform's own fees.",
    tags: ["Exchange Rates"],
    security: BASIC_AUTH,
    middleware: [requirePermission("VIEW")] as const,
    request: { query: ExchangeRateQuerySchema },
    responses: { 200: jsonResponse(ExchangeRateListResponseSchema, "One rate per destination currency"), ...errorResponses(400, 403) },
  }),
  async (c) => {
    c.header("Cache-Control", "private, max-age=60");
    return c.json(await listExchangeRates(c.get("db"), c.get("auth").platformId, c.req.valid("query")), 200);
  },
);
