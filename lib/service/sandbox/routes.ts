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
      description:
        "The platform's time. Everything the API stamps or checks runs on it: `createdAt`/`updatedAt`, every `expiresAt` check (quotes, API tokens, sessions, challenges, signed requests), `startDate`/`endDate` filters, webhook `timestamp`s and retry times, sandbox delays (\"completes after 6 minutes\"). It starts at the wall clock and only moves forward (POST /sandbox/clock/advance); after an advance it stays ahead of the wall clock and of the HTTP `Date` header for good.",
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
      description: "Moves the platform's clock forward by `seconds` and runs every scheduled step that falls due in between, in order (timed payment outcomes such as suffix 003 after 6 minutes or 005's return, quote and approval expiries), and lists them. Webhooks it makes due (the events those steps write, retries whose time it passes) are not sent by the advance but by the background worker, as any webhook: at once after it, one attempt each, a failed one retried on the usual schedule from then; so a slow receiver never holds the advance up. Forward only, with no reset: the platform keeps the new time, so choose `expiresAt` values from GET /sandbox/clock, not the wall clock; advancing past an API token's `expiresAt` expires it. Advances sent at once run one after another and add up. It runs the steps that existed when it began and those they schedule; steps other requests create while it runs are left to the background worker, so an advance takes as long as the work due in its window, whatever the traffic. Once accepted, an advance completes even if the client stops waiting for the answer (the clock has already started moving and half an advance is no state to leave it in): read GET /sandbox/clock to see where it ended.",
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
