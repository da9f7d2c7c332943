/**
 * Currencies whose accounts are held directly in the customer's own name at a local institution,
 * so local rules require the business's tax id and incorporation date up front (SPEC.md "Business
 * customer": `taxId` and `incorporatedOn` are schema-optional but required for these currencies).
 * Our choice where the seed is silent; one table so the rule is changed in one place.
 *
 * | currency | rail | why the account is customer-owned |
 * |---|---|---|
 * | BRL | PIX | PIX keys and accounts are registered to the holder's CNPJ |
 * | MXN | SPEI | CLABE accounts are opened for the holder's RFC |
 * | INR | UPI / NEFT / RTGS | accounts are KYC'd against the holder's PAN / GSTIN |
 */
export const DIRECT_ACCOUNT_CURRENCIES: ReadonlySet<string> = new Set(["BRL", "MXN", "INR"]);

/** Business fields required when the customer holds one of DIRECT_ACCOUNT_CURRENCIES. */
export const DIRECT_ACCOUNT_REQUIRED_BUSINESS_FIELDS = ["taxId", "incorporatedOn"] as const;
