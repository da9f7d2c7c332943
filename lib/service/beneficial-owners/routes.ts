import { createRoute } from "@hono/zod-openapi";
import { requirePermission } from "../http/auth";
import { createRouter, BASIC_AUTH, errorResponses, jsonBody, jsonResponse } from "../http/openapi";
import { createBeneficialOwner } from "./create-beneficial-owner";
import { getBeneficialOwnerOrThrow } from "./get-beneficial-owner-or-throw";
import { listBeneficialOwners } from "./list-beneficial-owners";
import {
  BeneficialOwnerCreateRequestSchema,
  BeneficialOwnerIdParamSchema,
  BeneficialOwnerListQuerySchema,
  BeneficialOwnerListResponseSchema,
  BeneficialOwnerSchema,
  BeneficialOwnerUpdateRequestSchema,
} from "./schemas";
import { serializeBeneficialOwner } from "./serialize-beneficial-owner";
import { updateBeneficialOwner } from "./update-beneficial-owner";

const tags = ["KYC/KYB Verifications"];
const security = BASIC_AUTH;

export const beneficialOwnersRouter = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/beneficial-owners",
      operationId: "createBeneficialOwner",
      summary: "Add a beneficial owner to a business",
      description:
        "An owner (UBO), director, officer or control person of a BUSINESS customer, born `kycStatus` UNVERIFIED; it resolves when the business's verification does (sandbox: the last 3 characters of `personalInfo.lastName`). A business needs every owner of 25% or more plus a CONTROL_PERSON, each with an identity document. The owners' `ownershipPercentage` add up to 100 at most: an owner that would take the total above it → 400 INVALID_INPUT naming `ownershipPercentage`, the current total and the most this owner can hold (`details.errors[0].constraint.maximum`, `currentTotal`); adds at the same time are summed one after another. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { body: jsonBody(BeneficialOwnerCreateRequestSchema) },
      responses: { 201: jsonResponse(BeneficialOwnerSchema, "The new owner"), ...errorResponses(400, 403, 404, 410) },
    }),
    async (c) => c.json(serializeBeneficialOwner(await createBeneficialOwner(c.get("db"), { platformId: c.get("auth").platformId, request: c.req.valid("json") })), 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/beneficial-owners",
      operationId: "listBeneficialOwners",
      summary: "List a business's beneficial owners",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { query: BeneficialOwnerListQuerySchema },
      responses: { 200: jsonResponse(BeneficialOwnerListResponseSchema, "A page of owners"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => c.json(await listBeneficialOwners(c.get("db"), c.get("auth").platformId, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/beneficial-owners/{beneficialOwnerId}",
      operationId: "getBeneficialOwner",
      summary: "Get a beneficial owner",
      tags,
      security,
      middleware: [requirePermission("VIEW")] as const,
      request: { params: BeneficialOwnerIdParamSchema },
      responses: { 200: jsonResponse(BeneficialOwnerSchema, "The owner"), ...errorResponses(403, 404) },
    }),
    async (c) =>
      c.json(serializeBeneficialOwner(await getBeneficialOwnerOrThrow(c.get("db"), c.get("auth").platformId, c.req.valid("param").beneficialOwnerId)), 200),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/beneficial-owners/{beneficialOwnerId}",
      operationId: "updateBeneficialOwner",
      summary: "Update a beneficial owner",
      description: "Partial update; `personalInfo` merges field by field. A new `ownershipPercentage` may not take the business's owners above 100% in total (400 INVALID_INPUT naming the field and the current total); one that lowers the total is always accepted. Requires MANAGE.",
      tags,
      security,
      middleware: [requirePermission("MANAGE")] as const,
      request: { params: BeneficialOwnerIdParamSchema, body: jsonBody(BeneficialOwnerUpdateRequestSchema) },
      responses: { 200: jsonResponse(BeneficialOwnerSchema, "The updated owner"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const row = await updateBeneficialOwner(c.get("db"), {
        platformId: c.get("auth").platformId,
        beneficialOwnerId: c.req.valid("param").beneficialOwnerId,
        request: c.req.valid("json"),
      });
      return c.json(serializeBeneficialOwner(row), 200);
    },
  );
