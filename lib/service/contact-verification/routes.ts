import { createRoute } from "@hono/zod-openapi";
import { CustomerIdParamSchema, CustomerSchema } from "../customers/schemas";
import { serializeCustomer } from "../customers/serialize-customer";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { confirmContactCode } from "./confirm-contact-code";
import type { ContactChannel } from "./contact-requirements";
import { ContactVerificationConfirmRequestSchema } from "./schemas";
import { sendContactCode } from "./send-contact-code";

const tags = ["Contact Verification"];
const security = BASIC_AUTH;
const WHEN =
  "Only where the customer's provider mandates it (`contactVerification` lists the channel): customers of the EU/EEA regions, for the email and phone number they have; otherwise, or once verified, 409 CONFLICT. KYC links and submissions wait (409) until every listed channel is VERIFIED.";

function registerChannel(router: ReturnType<typeof createRouter>, channel: ContactChannel) {
  const path = channel === "email" ? "verify-email" : "verify-phone";
  const Name = channel === "email" ? "Email" : "Phone";
  return router
    .openapi(
      createRoute({
        method: "post",
        path: `/customers/{customerId}/${path}`,
        operationId: `sendCustomer${Name}Verification`,
        summary: `Send a ${channel} verification code`,
        description: `Sends a code to the customer's ${channel === "email" ? "email address" : "phone number"}; calling again sends a new code, which accepts 5 wrong answers afresh. At most one sending per 30 seconds per channel, the first included: sooner → 429 RATE_LIMITED with Retry-After (seconds until the next one is possible); the code already sent stays valid. Sandbox: nothing is sent and the code is 123456. ${WHEN} Requires MANAGE.`,
        tags,
        security,
        middleware: [requirePermission("MANAGE")] as const,
        request: { params: CustomerIdParamSchema },
        responses: { 204: { description: "Code sent" }, ...errorResponses(403, 404, 409, 410, 429) },
      }),
      async (c) => {
        await sendContactCode(c.get("db"), { platformId: c.get("auth").platformId, customerId: c.req.valid("param").customerId, channel });
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: `/customers/{customerId}/${path}/confirm`,
        operationId: `confirmCustomer${Name}Verification`,
        summary: `Confirm the ${channel} verification code`,
        description: `Marks the channel VERIFIED and answers the customer with its \`contactVerification\`. The code verifies only the contact it was sent to: once PATCH /customers changes the ${channel === "email" ? "email address" : "phone number"}, it is PENDING again and a code must be sent to the new one (until then 409). A wrong code → 400 INVALID_INPUT; after 5 wrong codes (counted however many arrive at once) the code accepts no more, the right one included: 429 RATE_LIMITED, Retry-After = seconds until a new code can be sent (0: now) with POST /customers/{customerId}/${path}. No code sent yet → 409. ${WHEN} Requires MANAGE.`,
        tags,
        security,
        middleware: [requirePermission("MANAGE")] as const,
        request: { params: CustomerIdParamSchema, body: jsonBody(ContactVerificationConfirmRequestSchema) },
        responses: { 200: jsonResponse(CustomerSchema, "The customer"), ...errorResponses(400, 403, 404, 409, 410, 429) },
      }),
      async (c) => {
        const row = await confirmContactCode(c.get("db"), { platformId: c.get("auth").platformId, customerId: c.req.valid("param").customerId, channel, code: c.req.valid("json").code });
        return c.json(serializeCustomer(row), 200);
      },
    );
}

export const contactVerificationRouter = registerChannel(registerChannel(createRouter(), "email"), "phone");
