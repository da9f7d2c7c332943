import Link from "next/link";
import { refName, resolveSchema, schemaHref, type Schema } from "../_lib/openapi-doc";
import { InlineMarkdown } from "./inline-markdown";

const MAX_DEPTH = 5;

/** The named schema a property refers to (itself or its items), whose fields have a page of their own. */
function namedSchema(schema: Schema): string | undefined {
  const ref = schema.$ref ?? schema.items?.$ref;
  return ref ? refName(ref) : undefined;
}

/** A short type label: `PlatformConfig`, `string (date-time)`, `FieldError[]`, `integer | null`. */
export function typeLabel(schema: Schema): string {
  if (schema.$ref) return refName(schema.$ref);
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return variants.map(typeLabel).join(" | ");
  if (schema.allOf) return schema.allOf.map(typeLabel).join(" & ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const label = types
    .map((t) => (t === "array" && schema.items ? `${typeLabel(schema.items)}[]` : t))
    .join(" | ");
  return schema.format ? `${label || "any"} (${schema.format})` : label || "any";
}

function constraints(schema: Schema): string[] {
  const out: string[] = [];
  if (schema.minimum !== undefined) out.push(`min ${schema.minimum}`);
  if (schema.maximum !== undefined) out.push(`max ${schema.maximum}`);
  if (schema.minLength !== undefined) out.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) out.push(`max length ${schema.maxLength}`);
  if (schema.minItems !== undefined) out.push(`min items ${schema.minItems}`);
  if (schema.maxItems !== undefined) out.push(`max items ${schema.maxItems}`);
  if (schema.pattern) out.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

/** Whether a schema (or its items) is one of several shapes. */
function hasVariants(schema: Schema): boolean {
  const { schema: resolved } = resolveSchema(schema.items ?? schema);
  return !!(resolved.oneOf ?? resolved.anyOf);
}

/** The object a schema describes, looking through references and arrays, or null for scalars. */
function nestedObject(schema: Schema): Schema | null {
  const { schema: resolved } = resolveSchema(schema);
  if (resolved.properties) return resolved;
  if (resolved.items) return nestedObject(resolved.items);
  return null;
}

/**
 * A schema's fields. A named schema met inside it (a field's type, one of several shapes) is linked
 * to its own page rather than written out again: inlined, the shared schemas (Transaction, the 40
 * account types…) repeated under every operation made the reference a 7 MB page.
 */
export function SchemaView({ schema, depth = 0 }: { schema: Schema; depth?: number }) {
  const { name, schema: resolved } = resolveSchema(schema);
  const variants = resolved.oneOf ?? resolved.anyOf;
  if (variants) {
    return (
      <div className="space-y-2">
        <p className="text-xs text-zinc-500">One of:</p>
        {variants.map((variant, i) => {
          const variantName = namedSchema(variant);
          return (
            <div key={i} className="border-l-2 border-zinc-200 pl-3">
              {variantName && (nestedObject(variant) || hasVariants(variant)) ? (
                <SchemaLink name={variantName} label={typeLabel(variant)} />
              ) : (
                <>
                  <p className="font-mono text-xs text-zinc-700">{typeLabel(variant)}</p>
                  <SchemaView schema={variant} depth={depth + 1} />
                </>
              )}
            </div>
          );
        })}
      </div>
    );
  }
  const object = nestedObject(resolved);
  if (!object?.properties) {
    return <p className="font-mono text-xs text-zinc-700">{name ?? typeLabel(resolved)}</p>;
  }
  const required = new Set(object.required ?? []);
  return (
    <ul className="divide-y divide-zinc-100 rounded-md border border-zinc-200 bg-white">
      {Object.entries(object.properties).map(([key, property]) => {
        const child = nestedObject(property);
        const named = namedSchema(property);
        const { schema: p } = resolveSchema(property);
        return (
          <li key={key} className="px-3 py-2">
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <span className="font-mono text-xs font-semibold text-zinc-900">{key}</span>
              <span className="font-mono text-xs text-brand-700">{typeLabel(property)}</span>
              {required.has(key) && <span className="text-[11px] font-medium text-red-600">required</span>}
              {p.readOnly && <span className="text-[11px] text-zinc-500">read-only</span>}
              {constraints(p).map((c) => (
                <span key={c} className="text-[11px] text-zinc-500">{c}</span>
              ))}
            </div>
            {(property.description ?? p.description) && (
              <p className="mt-0.5 text-xs text-zinc-600">
                <InlineMarkdown text={(property.description ?? p.description)!} />
              </p>
            )}
            {p.enum && <p className="mt-0.5 font-mono text-[11px] break-words text-zinc-500">{p.enum.map((v) => JSON.stringify(v)).join(" · ")}</p>}
            {named && (child || hasVariants(property)) ? (
              <SchemaLink name={named} label={`Show ${typeLabel(property)} fields`} />
            ) : child && depth < MAX_DEPTH && (
              <details className="mt-1.5">
                <summary className="cursor-pointer text-xs text-zinc-500 hover:text-zinc-800">Show fields</summary>
                <div className="mt-2">
                  <SchemaView schema={property} depth={depth + 1} />
                </div>
              </details>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Not prefetched: a tag page holds dozens, and scrolling one would render each schema page on the server. */
function SchemaLink({ name, label }: { name: string; label: string }) {
  return (
    <Link href={schemaHref(name)} prefetch={false} className="mt-1 inline-block font-mono text-xs text-brand-700 hover:underline">
      {label} →
    </Link>
  );
}
