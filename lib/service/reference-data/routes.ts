import { createRoute, z } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { booleanQuerySchema } from "../http/boolean-query";
import { createRouter, BASIC_AUTH, errorResponses, jsonResponse } from "../http/openapi";
import { PageQuerySchema, pageOfList } from "../http/pagination";
import { currencyShape } from "../sandbox/currencies";
import { CurrencySchema } from "../exchange-rates/schemas";
import { DISCOVERIES, UMA_PROVIDERS, VASPS } from "./data";

const upper = (max: number) => z.string().trim().toUpperCase().max(max);

const DiscoverySchema = z
  .object({ bankName: z.string(), displayName: z.string(), country: z.string(), currency: z.string() })
  .openapi("Discovery");
const VaspSchema = z.object({ vaspName: z.string(), url: z.string().optional() }).openapi("Vasp");
const UmaProviderSchema = z
  .object({
    name: z.string(),
    supportedRegions: z.array(z.string()),
    domain: z.string(),
    logoUrl: z.string(),
    supportedCurrencies: z.array(CurrencySchema),
    lei: z.string(),
    allowListStatus: z.boolean(),
  })
  .openapi("UmaProvider");


export const referenceDataRouter = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/discoveries",
      operationId: "getDiscoveries",
      summary: "Discover banks and providers for a country and currency",
      tags: ["Discoveries"],
      security: BASIC_AUTH,
      middleware: [requirePermission("VIEW")] as const,
      request: {
        query: z.object({
          country: upper(2).regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code").optional(),
          currency: upper(3).regex(/^[A-Z]{3}$/, "must be an ISO 4217 code").optional(),
        }),
      },
      responses: { 200: jsonResponse(z.object({ data: z.array(DiscoverySchema) }).openapi("DiscoveryListResponse"), "Matching entries"), ...errorResponses(400, 403) },
    }),
    async (c) => {
      const { country, currency } = c.req.valid("query");
      const data = DISCOVERIES.filter((d) => (!country || d.country === country) && (!currency || d.currency === currency));
      return c.json({ data }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/vasps",
      operationId: "listVasps",
      summary: "List VASPs for counterparty declarations",
      tags: ["VASPs"],
      security: BASIC_AUTH,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: PageQuerySchema },
      responses: {
        200: jsonResponse(z.object({ data: z.array(VaspSchema), hasMore: z.boolean(), nextCursor: z.string().optional() }).openapi("VaspListResponse"), "A page of VASPs"),
        ...errorResponses(400, 403),
      },
    }),
    async (c) => {
      const { limit, cursor } = c.req.valid("query");
      const { data, hasMore, nextCursor } = pageOfList(VASPS, limit, cursor);
      return c.json(nextCursor ? { data, hasMore, nextCursor } : { data, hasMore }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/uma-providers",
      operationId: "getAvailableUmaProviders",
      summary: "List available UMA providers",
      tags: ["Available UMA Providers"],
      security: BASIC_AUTH,
      middleware: [requirePermission("VIEW")] as const,
      request: {
        query: PageQuerySchema.extend({
          countryCode: upper(2).regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code").optional(),
          currencyCode: upper(5).optional(),
          hasBlockedProviders: booleanQuerySchema("Include providers not on the allow list (default true).").default(true),
          sortOrder: z.enum(["asc", "desc"]).default("desc"),
        }),
      },
      responses: {
        200: jsonResponse(
          z.object({ data: z.array(UmaProviderSchema), hasMore: z.boolean(), nextCursor: z.string().optional(), totalCount: z.number().int() }).openapi("UmaProviderListResponse"),
          "A page of providers",
        ),
        ...errorResponses(400, 403),
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const matching = UMA_PROVIDERS.filter(
        (p) =>
          (!q.countryCode || p.supportedRegions.includes(q.countryCode)) &&
          (!q.currencyCode || p.supportedCurrencies.includes(q.currencyCode)) &&
          (q.hasBlockedProviders || p.allowListStatus),
      )
        .map((p) => ({ ...p, supportedCurrencies: p.supportedCurrencies.map(currencyShape) }))
        .sort((a, b) => (q.sortOrder === "asc" ? 1 : -1) * a.name.localeCompare(b.name));
      return c.json(pageOfList(matching, q.limit, q.cursor), 200);
    },
  );
