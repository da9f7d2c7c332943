import { resolveSchema, type Schema } from "./openapi-doc";

/**
 * A starting request body for Try it: required properties only (or all, for small objects with
 * none required), filled from example, default, enum or a type placeholder.
 */
export function exampleValue(input: Schema, depth = 0): unknown {
  const { schema } = resolveSchema(input);
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0] ?? schema.allOf?.[0];
  if (variant) return exampleValue(variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (depth > 4) return null;
  switch (type) {
    case "object": {
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      const keys = required.length > 0 ? required : Object.keys(properties).slice(0, 1);
      return Object.fromEntries(keys.filter((k) => properties[k]).map((k) => [k, exampleValue(properties[k]!, depth + 1)]));
    }
    case "array":
      return schema.items ? [exampleValue(schema.items, depth + 1)] : [];
    case "integer":
    case "number":
      return schema.minimum ?? 0;
    case "boolean":
      return false;
    case "string":
      return schema.format === "date-time" ? new Date(Date.UTC(2030, 0, 1)).toISOString() : schema.format === "uri" ? "https://example.com" : "string";
    default:
      return null;
  }
}
