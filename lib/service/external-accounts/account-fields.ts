import { z } from "@hono/zod-openapi";

/**
 * One accountInfo field: how a create request is validated, how a response shows it (masked
 * values break the create patterns, so responses document plain strings), and whether it is
 * required. Patterns and lengths come from BEHAVIORS.md §1.4 and api-shapes.json.
 */
export interface FieldDef {
  create: z.ZodType;
  wire: z.ZodType;
  isRequired: boolean;
}

type Builder = (isRequired?: boolean) => FieldDef;

function def(create: z.ZodType, wire: z.ZodType = z.string()): Builder {
  return (isRequired = true) => ({ create, wire, isRequired });
}

export const text = (max: number, example?: string) => def(z.string().min(1).max(max).openapi({ example }));
export const upTo = (max: number) => def(z.string().max(max));
export const matching = (pattern: RegExp, message: string, example?: string) => def(z.string().regex(pattern, message).openapi({ example }));
export const digits = (min: number, max = min, example?: string) =>
  matching(new RegExp(`^[0-9]{${min}${max === min ? "" : `,${max}`}}$`), `must be ${min === max ? min : `${min} to ${max}`} digits`, example);
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => def(z.enum(values), z.enum(values));

export const SWIFT_CODE = matching(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "must be an 8 or 11 character SWIFT/BIC code such as DEUTDEFF", "DEUTDEFF");
export const IBAN = matching(/^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$/, "must be an IBAN written without spaces: country code, 2 check digits, 11 to 30 letters or digits, e.g. DE89370400440532013000", "DE89370400440532013000");
export const PHONE = matching(/^\+[0-9]{6,14}$/, "must be a phone number in international format such as +233241234567", "+233241234567");
export const phoneWithPrefix = (prefix: string, count: string, example: string) =>
  matching(new RegExp(`^\\+${prefix}[0-9]{${count}}$`), `must be +${prefix} followed by ${count.replace(",", " to ")} digits`, example);
export const BANK_NAME = text(255, "Example Bank");
export const PROVIDER = text(255, "M-PESA");
export const ACCOUNT_NUMBER = text(34, "1234567890");
export const BANK_ACCOUNT_TYPE = oneOf(["CHECKING", "SAVINGS"] as const);
export const COUNTRY = matching(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 country code (two capital letters)", "US");

const BASE58 = "[1-9A-HJ-NP-Za-km-z]";
export const EVM_ADDRESS = matching(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address", "0x742d35Cc6634C0532925a3b844Bc454e4438f44e");
export const SOLANA_ADDRESS = matching(new RegExp(`^${BASE58}{32,44}$`), "must be a base58 Solana address (32 to 44 characters)", "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV");
export const TRON_ADDRESS = matching(new RegExp(`^T${BASE58}{33}$`), "must be a base58check Tron address starting with T (34 characters)", "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL");
export const SPARK_ADDRESS = matching(
  /^sp[a-z]{0,5}1[02-9ac-hj-np-z]{8,200}$/,
  "must be a bech32m Spark address such as sparkrt1…",
  "sparkrt1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu",
);
export const LIGHTNING_ADDRESS = matching(/^[A-Za-z0-9._+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, "must be a Lightning address such as alice@wallet.example", "alice@wallet.example");
// Character classes, not the `i` flag: the pattern goes into the OpenAPI document as it is, and JSON Schema patterns have no flags.
export const BOLT11_INVOICE = matching(/^[lL][nN]([bB][cC]|[tT][bB]|[bB][cC][rR][tT]|[tT][bB][sS])[0-9a-zA-Z]{10,}$/, "must be a BOLT11 invoice starting with lnbc, lntb, lnbcrt or lntbs", "lnbcrt10u1pjq9x8xpp5qyqsqzjqgqqqqqqqqqqq");
export const BOLT12_OFFER = matching(/^[lL][nN][oO]1[02-9ac-hj-np-zAC-HJ-NP-Z]{10,}$/, "must be a BOLT12 offer starting with lno1", "lno1qgsqvgnwgcg35z6ee2h3yczraddm72xrfua9uve2rlrm9deu7xyfzrc");
