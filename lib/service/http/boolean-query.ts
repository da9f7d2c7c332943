import { z } from "@hono/zod-openapi";

/**
 * A boolean query parameter: the query string carries the text `true` or `false` (anything else →
 * 400 naming both), the handler gets a boolean, and the document says `type: boolean`, as generated
 * clients expect (they send `?flag=true`).
 */
export function booleanQuerySchema(description: string) {
  return z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .openapi({ type: "boolean", description });
}
