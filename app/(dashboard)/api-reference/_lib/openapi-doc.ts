import document from "@/lib/client/generated/openapi.json";

/** The subset of OpenAPI 3.1 the reference renders; everything else is ignored, not rejected. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  readOnly?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface RawOperation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  tag: string;
  parameters: Parameter[];
  requestBody?: { required: boolean; schema?: Schema };
  responses: { status: string; description: string; schema?: Schema }[];
}

interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, Schema> };
}

export const OPENAPI = document as unknown as OpenApiDocument;
const METHODS = ["get", "post", "put", "patch", "delete"];

function toOperation(path: string, method: string, raw: RawOperation): Operation {
  const json = (content?: Record<string, { schema?: Schema }>) => content?.["application/json"]?.schema;
  return {
    id: raw.operationId,
    method: method.toUpperCase(),
    path,
    summary: raw.summary ?? raw.operationId,
    description: raw.description,
    tag: raw.tags?.[0] ?? "Other",
    parameters: raw.parameters ?? [],
    requestBody: raw.requestBody ? { required: raw.requestBody.required ?? false, schema: json(raw.requestBody.content) } : undefined,
    responses: Object.entries(raw.responses ?? {}).map(([status, r]) => ({ status, description: r.description ?? "", schema: json(r.content) })),
  };
}

export const OPERATIONS: Operation[] = Object.entries(OPENAPI.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, raw]) => toOperation(path, method, raw)),
);

/** Segments of /api-reference/… that are not tag pages: a tag slugged so would never be reached. */
const RESERVED_SLUGS = new Set(["schemas"]);

/** A tag's segment under /api-reference: "KYC/KYB Verifications" → "kyc-kyb-verifications". */
export function tagSlug(tag: string): string {
  const slug = tag.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return RESERVED_SLUGS.has(slug) ? `${slug}-tag` : slug;
}

export interface TagGroup {
  tag: string;
  slug: string;
  operations: Operation[];
}

const TAG_GROUPS: TagGroup[] = (() => {
  const groups = new Map<string, Operation[]>();
  for (const op of OPERATIONS) groups.set(op.tag, [...(groups.get(op.tag) ?? []), op]);
  return [...groups].map(([tag, operations]) => ({ tag, slug: tagSlug(tag), operations }));
})();

/** Operations grouped by their first tag, in document order. */
export function operationsByTag(): TagGroup[] {
  return TAG_GROUPS;
}

/** The tag whose page is /api-reference/`slug`, if any. */
export function findTagGroup(slug: string): TagGroup | undefined {
  return TAG_GROUPS.find((group) => group.slug === slug);
}

export function tagHref(tag: string): string {
  return `/api-reference/${tagSlug(tag)}`;
}

/** Where an operation is documented: its tag's page, at its card. */
export function operationHref(op: Operation): string {
  return `${tagHref(op.tag)}#${anchorId(op)}`;
}

/**
 * The operation ids on each tag's page, by slug: what the overview needs to send an old link of
 * the single-page reference (`/api-reference#op-<id>`, `#tag-<slug>`) to the page that has it now.
 */
export function operationIdsBySlug(): Record<string, string[]> {
  return Object.fromEntries(TAG_GROUPS.map((group) => [group.slug, group.operations.map((op) => op.id)]));
}

export function findOperation(id: string): Operation | undefined {
  return OPERATIONS.find((op) => op.id === id);
}

export function refName(ref: string): string {
  return ref.split("/").pop() ?? ref;
}

/** Follows a local `#/components/schemas/X` reference; other schemas come back as they are. */
export function resolveSchema(schema: Schema): { name?: string; schema: Schema } {
  if (!schema.$ref) return { schema };
  const name = refName(schema.$ref);
  return { name, schema: OPENAPI.components.schemas[name] ?? {} };
}

/** A named schema's own page. */
export function schemaHref(name: string): string {
  return `/api-reference/schemas/${encodeURIComponent(name)}`;
}

/**
 * The operations whose request or success answer is the schema `name`, a list of it, or has a field
 * (or variant) of it, for its page. Deeper uses are not listed: every answer would have Currency.
 */
export function operationsUsing(name: string): Operation[] {
  const ref = `#/components/schemas/${name}`;
  const mentions = (schema: Schema | undefined, depth: number): boolean => {
    if (!schema) return false;
    if (schema.$ref === ref || schema.items?.$ref === ref) return true;
    if (depth === 0) return false;
    const { schema: resolved } = resolveSchema(schema.items ?? schema);
    const parts = [...Object.values(resolved.properties ?? {}), ...(resolved.oneOf ?? resolved.anyOf ?? [])];
    return parts.some((part) => mentions(part, depth - 1));
  };
  return OPERATIONS.filter((op) => mentions(op.requestBody?.schema, 1) || op.responses.some((r) => r.status.startsWith("2") && mentions(r.schema, 1)));
}

export function anchorId(op: Operation): string {
  return `op-${op.id}`;
}
