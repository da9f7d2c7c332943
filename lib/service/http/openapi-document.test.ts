import fs from "node:fs";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { EXAMPLES } from "../external-accounts/external-account-fixtures";
import { AgentExternalAccountCreateRequestSchema } from "../agents/schemas";
import { buildApi } from "./app";
import { ERROR_STATUS } from "./errors";
import { API_BASE_PATH } from "./openapi";

// The document as third-party tools read it (validators, other generators), against the reference
// (/work/shared/reference/api-shapes.json): what a tool needs to accept our answers and send our requests.

type Schema = Record<string, unknown> & { $ref?: string; properties?: Record<string, Schema>; additionalProperties?: unknown; allOf?: Schema[]; enum?: unknown[] };
type Parameter = { name: string; in: string; schema?: Schema };
type Operation = { operationId?: string; parameters?: Parameter[]; responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
type ReferenceOperation = { method: string; path: string; operationId: string; parameters: { name: string; in: string }[] };

const reference = JSON.parse(fs.readFileSync("/work/shared/reference/api-shapes.json", "utf8")) as { operations: ReferenceOperation[] };
let doc: Doc;

beforeAll(async () => {
  const api = buildApi({ getDb: () => Promise.reject(new Error("the document needs no database")), internalKey: "unused" });
  doc = (await (await api.request(`${API_BASE_PATH}/openapi.json`)).json()) as Doc;
});

/** Matches an operation whatever its path parameters are named (one test checks the names apart). */
const samePath = (path: string) => path.replace(/\{\w+\}/g, "{}");

function ourOperation(method: string, path: string): Operation | undefined {
  const entry = Object.entries(doc.paths).find(([p]) => samePath(p) === samePath(path));
  return entry?.[1][method.toLowerCase()];
}

function resolve(schema: Schema): Schema {
  return schema.$ref ? resolve(doc.components.schemas[schema.$ref.split("/").pop()!]!) : schema;
}

/** Every schema object in the document, with where it is. */
function* schemasIn(node: unknown, at: string): Generator<[string, Schema]> {
  if (Array.isArray(node)) for (const [i, item] of node.entries()) yield* schemasIn(item, `${at}/${i}`);
  else if (node && typeof node === "object") {
    yield [at, node as Schema];
    for (const [key, value] of Object.entries(node)) yield* schemasIn(value, `${at}/${key}`);
  }
}

describe("the OpenAPI document", () => {
  it("has no allOf that no value can satisfy: a closed part (additionalProperties false) beside a part with properties it does not name", () => {
    const impossible: string[] = [];
    for (const [at, schema] of schemasIn(doc, "#")) {
      const parts = (schema.allOf ?? []).map(resolve);
      for (const closed of parts.filter((p) => p.additionalProperties === false))
        for (const other of parts.filter((p) => p !== closed)) {
          const extra = Object.keys(other.properties ?? {}).filter((name) => !(name in (closed.properties ?? {})));
          if (extra.length > 0) impossible.push(`${at}: ${extra.join(", ")}`);
        }
    }
    expect(impossible).toEqual([]);
  });

  it("accepts, as ajv reads it, a body the service accepts (POST /agents/me/external-accounts)", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: "doc", components: doc.components });
    const body = { customerId: "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", currency: "USD", accountInfo: EXAMPLES.USD_ACCOUNT!.accountInfo, defaultUmaDepositAccount: true };
    expect(AgentExternalAccountCreateRequestSchema.safeParse(body).success).toBe(true);
    const validate = ajv.getSchema("doc#/components/schemas/ExternalAccountCreateRequest")!;
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...body, unknownField: 1 })).toBe(false);
  });

  it("names every operation of the reference by the reference's operationId", () => {
    const differing = reference.operations.flatMap((r) => {
      const ours = ourOperation(r.method, r.path);
      return ours && ours.operationId !== r.operationId ? [`${r.method} ${r.path}: ${ours.operationId} (reference ${r.operationId})`] : [];
    });
    expect(differing).toEqual([]);
  });

  it("names path parameters as the reference does (a generated client's argument names)", () => {
    const differing = reference.operations.flatMap((r) => {
      const ours = Object.keys(doc.paths).find((p) => samePath(p) === samePath(r.path));
      return ours !== undefined && ours !== r.path ? [`${r.method} ${r.path}: ours ${ours}`] : [];
    });
    expect(differing).toEqual([]);
  });

  it("declares every header the reference lists for an operation", () => {
    const missing = reference.operations.flatMap((r) => {
      const ours = new Set((ourOperation(r.method, r.path)?.parameters ?? []).filter((p) => p.in === "header").map((p) => p.name.toLowerCase()));
      return r.parameters.filter((p) => p.in === "header" && !ours.has(p.name.toLowerCase())).map((p) => `${r.method} ${r.path}: ${p.name}`);
    });
    expect(missing).toEqual([]);
  });

  it("types query parameters as what they are: booleans boolean (not the strings true/false), nothing nullable the query cannot carry", () => {
    const wrong = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, op]) =>
        (op.parameters ?? [])
          .filter((p) => p.in === "query" && p.schema)
          .filter((p) => JSON.stringify(p.schema!.enum) === '["true","false"]' || (Array.isArray(p.schema!.type) && p.schema!.type.includes("null")))
          .map((p) => `${method.toUpperCase()} ${path} ?${p.name}: ${JSON.stringify(p.schema)}`),
      ),
    );
    expect(wrong).toEqual([]);
    const agents = doc.paths["/agents"]!.get!.parameters!;
    for (const name of ["isPaused", "isConnected"]) expect(agents.find((p) => p.name === name)?.schema?.type).toBe("boolean");
    expect(doc.paths["/customers"]!.get!.parameters!.find((p) => p.name === "isIncludingDeleted")?.schema?.type).toBe("boolean");
  });

  it("answers each error status with its own envelope, Error<status>, whose code lists the codes of that status", () => {
    const wrong: string[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        for (const [status, response] of Object.entries(op.responses ?? {})) {
          if (Number(status) < 400) continue;
          const ref = response.content?.["application/json"]?.schema?.$ref;
          if (ref !== `#/components/schemas/Error${status}`) wrong.push(`${method.toUpperCase()} ${path} ${status}: ${ref}`);
        }
    expect(wrong).toEqual([]);
    for (const [name, schema] of Object.entries(doc.components.schemas).filter(([name]) => /^Error\d{3}$/.test(name))) {
      const status = Number(name.slice(5));
      expect(schema.properties!.status).toEqual({ type: "integer", enum: [status] });
      expect(schema.properties!.code!.enum).toEqual(Object.keys(ERROR_STATUS).filter((code) => ERROR_STATUS[code as keyof typeof ERROR_STATUS] === status));
    }
    expect(doc.components.schemas.Error).toBeUndefined();
  });

  it("lists 503 SERVICE_UNAVAILABLE with its Retry-After header on every operation: each reads the database, which may be down for a moment", () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) {
        const unavailable = op.responses?.["503"] as { headers?: Record<string, { schema?: Schema }> } | undefined;
        if (unavailable?.headers?.["Retry-After"]?.schema?.type !== "integer") missing.push(`${method.toUpperCase()} ${path}`);
      }
    expect(missing).toEqual([]);
  });

  it("refers nested objects to their schemas (AgentAction.quote / .transaction, the transactions' rateDetails)", () => {
    const property = (schema: string, name: string) => doc.components.schemas[schema]!.properties![name];
    expect(property("AgentAction", "quote")).toMatchObject({ $ref: "#/components/schemas/Quote" });
    expect(property("AgentAction", "transaction")).toMatchObject({ $ref: "#/components/schemas/TransactionOneOf" });
    expect(property("OutgoingTransaction", "rateDetails")).toEqual({ $ref: "#/components/schemas/OutgoingRateDetails" });
    expect(property("IncomingTransaction", "rateDetails")).toEqual({ $ref: "#/components/schemas/IncomingRateDetails" });
    expect(Object.keys(doc.components.schemas.IncomingRateDetails!.properties!)).toEqual(["serviceApiMultiplier", "serviceApiFixedFee", "serviceApiVariableFeeRate", "serviceApiVariableFeeAmount"]);
  });

  it("gives the SCA factor bodies the reference's unions: oneOf by `type`, and anyOf of what answers a challenge", () => {
    const variants = {
      ScaFactorEnrollRequestOneOf: ["TotpFactorEnrollRequest", "PasskeyFactorEnrollRequest"],
      ScaFactorEnrollStartOneOf: ["TotpEnrollmentStart", "PasskeyEnrollmentStart"],
      ScaFactorConfirmRequestOneOf: ["TotpEnrollmentConfirmRequest", "PasskeyEnrollmentConfirmRequest"],
      ScaFactorConfirmResponseOneOf: ["TotpEnrollmentConfirmResponse", "PasskeyEnrollmentConfirmResponse"],
    };
    for (const [name, [totp, passkey]] of Object.entries(variants))
      expect(doc.components.schemas[name], name).toEqual({
        oneOf: [{ $ref: `#/components/schemas/${totp}` }, { $ref: `#/components/schemas/${passkey}` }],
        discriminator: { propertyName: "type", mapping: { TOTP: `#/components/schemas/${totp}`, PASSKEY: `#/components/schemas/${passkey}` } },
      });
    for (const name of ["ScaLoginCompleteRequest", "BeneficiaryTrustConfirmRequest"])
      expect(doc.components.schemas[name]!.anyOf, name).toEqual([{ required: ["code"] }, { required: ["passkeyAssertion", "origin"] }]);
  });

  it("lets POST /quotes name the SCA factor (QuoteRequest.scaFactor, as the reference)", () => {
    expect(doc.components.schemas.QuoteRequest!.properties!.scaFactor!.allOf).toContainEqual({ $ref: "#/components/schemas/ScaFactor" });
  });
});
