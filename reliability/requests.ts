// Request bodies the reliability tests' fixtures send.

/** A US address the sandbox accepts. */
export const US_ADDRESS = { line1: "1 Main St", city: "Springfield", postalCode: "12345", country: "US" };

/** An individual's USD checking account (sandbox suffixes of the number decide how payouts to it end). */
export function usdAccountInfo(accountNumber: string, fullName: string) {
  return {
    accountType: "USD_ACCOUNT",
    accountNumber,
    routingNumber: "021000021",
    bankAccountType: "CHECKING",
    beneficiary: { beneficiaryType: "INDIVIDUAL", fullName, address: US_ADDRESS },
  };
}

/** POST /customers/external-accounts: such an account of customer `customerId`. */
export function usdBankAccountRequest(customerId: string, accountNumber: string, fullName: string) {
  return { customerId, currency: "USD", accountInfo: usdAccountInfo(accountNumber, fullName) };
}
