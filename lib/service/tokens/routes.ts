import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { ApiTokenCreateRequestSchema, ApiTokenSchema, TokenIdParamSchema, TokenListQuerySchema, TokenListResponseSchema } from "./schemas";
import { createToken } from "./create-token";
import { listTokens } from "./list-tokens";
import { getToken } from "./get-token";
import { revokeToken } from "./revoke-token";

const tags = ["API Tokens"];
const security = BASIC_AUTH;

export const tokensRouter = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/tokens",
      operationId: "createToken",
      summary: "Create an API token",
      description: "The response carries `clientSecret` once; store it, it cannot be retrieved again. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { body: jsonBody(ApiTokenCreateRequestSchema) },
      responses: { 201: jsonResponse(ApiTokenSchema, "The new token, with its secret"), ...errorResponses(400, 403) },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const token = await createToken(c.get("db"), { platformId: c.get("auth").platformId, ...body });
      return c.json(token, 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/tokens",
      operationId: "listTokens",
      summary: "List API tokens",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: TokenListQuerySchema },
      responses: { 200: jsonResponse(TokenListResponseSchema, "A page of tokens, newest first"), ...errorResponses(400, 403) },
    }),
    async (c) => c.json(await listTokens(c.get("db"), c.get("auth").platformId, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/tokens/{tokenId}",
      operationId: "getTokenById",
      summary: "Get an API token",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: TokenIdParamSchema },
      responses: { 200: jsonResponse(ApiTokenSchema, "The token (without its secret)"), ...errorResponses(403, 404) },
    }),
    async (c) => c.json(await getToken(c.get("db"), c.get("auth").platformId, c.req.valid("param").tokenId), 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/tokens/{tokenId}",
      operationId: "deleteTokenById",
      summary: "Revoke an API token",
      description: "The token stops authenticating immediately. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: TokenIdParamSchema },
      responses: { 204: { description: "Revoked" }, ...errorResponses(403, 404) },
    }),
    async (c) => {
      await revokeToken(c.get("db"), c.get("auth").platformId, c.req.valid("param").tokenId);
      return c.body(null, 204);
    },
  );
