import { z } from "@hono/zod-openapi";
import { DateTimeInputSchema, dateTimeFilterSchema } from "../http/date-schemas";
import { PERMISSIONS } from "../http/context";
import { PageQuerySchema, pageResponseSchema } from "../http/pagination";

export const PermissionSchema = z.enum(PERMISSIONS).openapi("Permission", {
  description: "VIEW reads all data; TRANSACT sends payments; MANAGE manages configuration, API tokens and customers.",
});

export const ApiTokenSchema = z
  .object({
    id: z.string().openapi({ example: "Token:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    name: z.string(),
    permissions: z.array(PermissionSchema),
    clientId: z.string().openapi({ description: "User name for HTTP Basic authentication." }),
    clientSecret: z.string().optional().openapi({ description: "Only in the creation response; never retrievable again." }),
    expiresAt: z.string().datetime().optional().openapi({ description: "Requests after this time get 401. Absent: no expiry." }),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi("ApiToken");
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const ApiTokenCreateRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(255),
    permissions: z.array(PermissionSchema).max(3).refine((p) => new Set(p).size === p.length, "must not repeat a permission"),
    expiresAt: DateTimeInputSchema.optional().openapi({ description: "Optional expiry; must be after the platform's current time (a sandbox platform's clock may run ahead: GET /sandbox/clock)." }),
  })
  .strict()
  .openapi("ApiTokenCreateRequest");
export type ApiTokenCreateRequest = z.infer<typeof ApiTokenCreateRequestSchema>;

const dateFilter = dateTimeFilterSchema;

export const TokenListQuerySchema = PageQuerySchema.extend({
  name: z.string().max(255).optional().openapi({ description: "Exact token name." }),
  createdAfter: dateFilter("Created at or after this time."),
  createdBefore: dateFilter("Created before this time."),
  updatedAfter: dateFilter("Updated at or after this time."),
  updatedBefore: dateFilter("Updated before this time."),
});
export type TokenListQuery = z.infer<typeof TokenListQuerySchema>;

export const TokenListResponseSchema = pageResponseSchema(ApiTokenSchema, "TokenListResponse");

export const TokenIdParamSchema = z.object({
  tokenId: z.string().openapi({ param: { name: "tokenId", in: "path" }, example: "Token:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});
