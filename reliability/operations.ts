// The operations of our own OpenAPI document, with just enough schema reading to fuzz them and
// to check answers against it.
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /customers/{customerId} */
  path: string;
  operationId: string;
  pathParams: string[];
  queryParams: { name: string; schema: Schema }[];
  /** Resolved request body schema (JSON or multipart), when the operation takes one */
  body?: { contentType: string; schema: Schema };
  /** The document declares no security for it (public) */
  isPublic: boolean;
  /** The response statuses the document lists for it ("200", "404", …) */
  statuses: string[];
}

export type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  [key: string]: unknown;
};

interface Doc {
  paths: Record<string, Record<string, RawOperation>>;
  webhooks?: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, Schema> };
  security?: unknown[];
}

interface RawOperation {
  operationId?: string;
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

export function listOperations(doc: Doc): Operation[] {
  const resolve = (schema: Schema | undefined, depth = 0): Schema => {
    if (!schema) return {};
    if (schema.$ref && depth < 20) return resolve(doc.components?.schemas?.[schema.$ref.split("/").pop()!], depth + 1);
    return schema;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const params = raw.parameters ?? [];
      const content = raw.requestBody?.content ?? {};
      const contentType = Object.keys(content)[0];
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: raw.operationId ?? `${method} ${path}`,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        queryParams: params.filter((p) => p.in === "query").map((p) => ({ name: p.name, schema: resolve(p.schema) })),
        body: contentType ? { contentType, schema: resolve(content[contentType]!.schema) } : undefined,
        isPublic: Array.isArray(raw.security) && raw.security.length === 0,
        statuses: Object.keys(raw.responses ?? {}),
      });
    }
  }
  return operations;
}

/** Follows $ref and picks the first branch of oneOf/anyOf, merging allOf, to find an object's fields. */
export function objectFields(doc: Doc, schema: Schema): { properties: Record<string, Schema>; required: string[] } {
  const seen = new Set<Schema>();
  const walk = (s: Schema | undefined): { properties: Record<string, Schema>; required: string[] } => {
    if (!s || seen.has(s)) return { properties: {}, required: [] };
    seen.add(s);
    if (s.$ref) return walk(doc.components?.schemas?.[s.$ref.split("/").pop()!]);
    if (s.allOf) {
      const parts = s.allOf.map(walk);
      return { properties: Object.assign({}, ...parts.map((p) => p.properties)), required: parts.flatMap((p) => p.required) };
    }
    const branch = s.oneOf?.[0] ?? s.anyOf?.[0];
    if (branch && !s.properties) return walk(branch);
    return { properties: s.properties ?? {}, required: s.required ?? [] };
  };
  return walk(schema);
}

/**
 * Checks an answer's JSON body against the schema the document gives for that operation and
 * status (JSON Schema 2020-12, as OpenAPI 3.1 is, formats included): the problems, or none.
 */
export function responseChecker(doc: Doc): (operation: Operation, status: number, body: unknown) => string[] {
  const compile = schemaCompiler(doc);
  const compiled = new Map<string, Validate | null>();
  return (operation, status, body) => {
    const key = `${operation.method} ${operation.path} ${status}`;
    if (!compiled.has(key)) {
      const schema = doc.paths[operation.path]?.[operation.method.toLowerCase()]?.responses?.[String(status)]?.content?.["application/json"]?.schema;
      compiled.set(key, schema ? compile(schema) : null);
    }
    return problemsOf(compiled.get(key), body);
  };
}

/**
 * Checks a webhook body against the document's `webhooks`: the webhook whose payload's `type`
 * enum names the body's type, then that payload's schema. The problems, or none.
 */
export function webhookChecker(doc: Doc): (body: unknown) => string[] {
  const compile = schemaCompiler(doc);
  const byType = new Map<string, Validate>();
  for (const item of Object.values(doc.webhooks ?? {})) {
    const schema = item.post?.requestBody?.content?.["application/json"]?.schema;
    if (!schema) continue;
    const payload = schema.$ref ? doc.components?.schemas?.[schema.$ref.split("/").pop()!] : schema;
    const type = payload?.properties?.type;
    const validate = compile(schema);
    for (const name of type?.enum ?? []) byType.set(String(name), validate);
  }
  return (body) => {
    const type = (body as { type?: unknown } | null)?.type;
    const validate = typeof type === "string" ? byType.get(type) : undefined;
    if (!validate) return [`event type ${JSON.stringify(type)} is not among the document's webhooks`];
    return problemsOf(validate, body);
  };
}

type Validate = ReturnType<Ajv2020["compile"]>;

/** Compiles schemas of the document (JSON Schema 2020-12, formats included), its components resolvable. */
function schemaCompiler(doc: Doc): (schema: Schema) => Validate {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const base = "https://service.invalid/openapi";
  ajv.addSchema({ $id: base, components: doc.components ?? {} });
  return (schema) => ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${base}#/components/`)));
}

function problemsOf(validate: Validate | null | undefined, body: unknown): string[] {
  if (!validate || validate(body)) return [];
  return (validate.errors ?? []).slice(0, 6).map((e) => `${e.instancePath || "/"} ${e.message}`);
}

/** Fills an OpenAPI path template. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? "x"));
}

/** How many generated cases per operation: small inside `npm test`, larger for `npm run test:reliability`. */
export const FULL_SIZE = process.env.RELIABILITY_SIZE === "full";
