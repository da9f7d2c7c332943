import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { PlatformConfigSchema, PlatformConfigUpdateRequestSchema } from "./schemas";
import { getConfig } from "./get-config";
import { updateConfig } from "./update-config";

const tags = ["Platform Configuration"];

export const configRouter = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/config",
      operationId: "getPlatformConfig",
      summary: "Get the platform configuration",
      tags,
      security: BASIC_AUTH,
      middleware: [requirePermission("VIEW")] as const,
      responses: { 200: jsonResponse(PlatformConfigSchema, "The platform configuration"), ...errorResponses(403) },
    }),
    async (c) => c.json(await getConfig(c.get("db"), c.get("auth").platformId), 200),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/config",
      operationId: "updatePlatformConfig",
      summary: "Update the platform configuration",
      description: "Only the fields sent change. A changed `webhookEndpoint` is sent one TEST event. `feeConfigs` are merged by (feeType, sourceCurrency); both amounts 0 removes one. Requires MANAGE.",
      tags,
      security: BASIC_AUTH,
      middleware: [requirePermission("MANAGE")] as const,
      request: { body: jsonBody(PlatformConfigUpdateRequestSchema) },
      responses: { 200: jsonResponse(PlatformConfigSchema, "The updated configuration"), ...errorResponses(400, 403, 501) },
    }),
    async (c) => {
      const { platformId, environment } = c.get("auth");
      return c.json(await updateConfig(c.get("db"), platformId, environment, c.req.valid("json")), 200);
    },
  );
