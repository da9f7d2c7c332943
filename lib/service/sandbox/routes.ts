import { createRoute, z } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { requireSandbox } from "./require-sandbox";
import { advanceClock } from "./advance-clock";
import { now } from "./clock";

const tags = ["Sandbox"];
const TEN_YEARS = 10 * 365 * 24 * 3600;

const ClockSchema = z.object({ now: z.string().datetime() }).openapi("SandboxClock");
const AdvanceResultSchema = z
  .object({
    now: z.string().datetime(),
    ran: z.array(z.object({ id: z.string(), kind: z.string(), runAt: z.string().datetime(), status: z.enum(["DONE", "FAILED"]), error: z.string().optional() })),
  })
  .openapi("SandboxClockAdvanceResult");

export const sandboxRouter = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/sandbox/clock",
      operationId: "getSandboxClock",
      summary: "Read the platform's sandbox clock (extension)",
      tags,
      security: BASIC_AUTH,
      middleware: [requirePermission("VIEW"), requireSandbox] as const,
      responses: { 200: jsonResponse(ClockSchema, "The platform's current time"), ...errorResponses(403) },
    }),
    async (c) => c.json({ now: (await now(c.get("db"), c.get("auth").platformId)).toISOString() }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sandbox/clock/advance",
      operationId: "advanceSandboxClock",
      summary: "Move the platform's sandbox clock forward (extension)",
      description: "Runs every scheduled step that falls due in between, in order (webhook retries, timed payment outcomes, quote expiry), and lists them. Advances sent at once run one after another and add up.",
      tags,
      security: BASIC_AUTH,
      middleware: [requirePermission("TRANSACT"), requireSandbox] as const,
      request: { body: jsonBody(z.object({ seconds: z.number().int().min(1).max(TEN_YEARS) }).strict().openapi("SandboxClockAdvanceRequest")) },
      responses: { 200: jsonResponse(AdvanceResultSchema, "The new time and what ran"), ...errorResponses(400, 403) },
    }),
    async (c) => {
      const result = await advanceClock(c.get("db"), c.get("auth").platformId, c.req.valid("json").seconds);
      return c.json({ now: result.now, ran: result.ran.map((r) => ({ ...r, runAt: r.runAt.toISOString() })) }, 200);
    },
  );
