/**
 * Sandbox reference data (BEHAVIORS.md §9.3): banks for discoveries, VASPs for counterparty
 * declarations, UMA providers. Static: the same on every platform and every start.
 */
export interface Discovery {
  bankName: string;
  displayName: string;
  country: string;
  currency: string;
}

export const DISCOVERIES: readonly Discovery[] = [
  { bankName: "CHASE", displayName: "JPMorgan Chase Bank", country: "US", currency: "USD" },
  { bankName: "BANK_OF_AMERICA", displayName: "Bank of America", country: "US", currency: "USD" },
  { bankName: "WELLS_FARGO", displayName: "Wells Fargo Bank", country: "US", currency: "USD" },
  { bankName: "CITIBANK", displayName: "Citibank", country: "US", currency: "USD" },
  { bankName: "BBVA_MEXICO", displayName: "BBVA México", country: "MX", currency: "MXN" },
  { bankName: "BANORTE", displayName: "Banorte", country: "MX", currency: "MXN" },
  { bankName: "SANTANDER_MEXICO", displayName: "Santander México", country: "MX", currency: "MXN" },
  { bankName: "NUBANK", displayName: "Nu Pagamentos (Nubank)", country: "BR", currency: "BRL" },
  { bankName: "ITAU_UNIBANCO", displayName: "Itaú Unibanco", country: "BR", currency: "BRL" },
  { bankName: "BANCO_DO_BRASIL", displayName: "Banco do Brasil", country: "BR", currency: "BRL" },
  { bankName: "DEUTSCHE_BANK", displayName: "Deutsche Bank", country: "DE", currency: "EUR" },
  { bankName: "BNP_PARIBAS", displayName: "BNP Paribas", country: "FR", currency: "EUR" },
  { bankName: "ING", displayName: "ING Bank", country: "NL", currency: "EUR" },
  { bankName: "SANTANDER_SPAIN", displayName: "Banco Santander", country: "ES", currency: "EUR" },
  { bankName: "BARCLAYS", displayName: "Barclays Bank", country: "GB", currency: "GBP" },
  { bankName: "HSBC_UK", displayName: "HSBC UK", country: "GB", currency: "GBP" },
  { bankName: "MONZO", displayName: "Monzo Bank", country: "GB", currency: "GBP" },
  { bankName: "HDFC", displayName: "HDFC Bank", country: "IN", currency: "INR" },
  { bankName: "ICICI", displayName: "ICICI Bank", country: "IN", currency: "INR" },
  { bankName: "STATE_BANK_OF_INDIA", displayName: "State Bank of India", country: "IN", currency: "INR" },
  { bankName: "BDO", displayName: "BDO Unibank", country: "PH", currency: "PHP" },
  { bankName: "GCASH", displayName: "GCash", country: "PH", currency: "PHP" },
  { bankName: "DBS", displayName: "DBS Bank", country: "SG", currency: "SGD" },
  { bankName: "ACCESS_BANK", displayName: "Access Bank", country: "NG", currency: "NGN" },
  { bankName: "GTBANK", displayName: "Guaranty Trust Bank", country: "NG", currency: "NGN" },
  { bankName: "MPESA", displayName: "M-Pesa", country: "KE", currency: "KES" },
  { bankName: "BANCOLOMBIA", displayName: "Bancolombia", country: "CO", currency: "COP" },
  { bankName: "VIETCOMBANK", displayName: "Vietcombank", country: "VN", currency: "VND" },
  { bankName: "ORANGE_MONEY_SN", displayName: "Orange Money Sénégal", country: "SN", currency: "XOF" },
  { bankName: "RBC", displayName: "Royal Bank of Canada", country: "CA", currency: "CAD" },
];

export interface Vasp {
  vaspName: string;
  url?: string;
}

export const VASPS: readonly Vasp[] = [
  { vaspName: "Binance", url: "https://www.binance.com" },
  { vaspName: "Bitso", url: "https://bitso.com" },
  { vaspName: "Bitstamp", url: "https://www.bitstamp.net" },
  { vaspName: "Coinbase", url: "https://www.coinbase.com" },
  { vaspName: "Crypto.com", url: "https://crypto.com" },
  { vaspName: "Gemini", url: "https://www.gemini.com" },
  { vaspName: "Kraken", url: "https://www.kraken.com" },
  { vaspName: "OKX", url: "https://www.okx.com" },
  { vaspName: "Self-hosted wallet" },
];

export interface UmaProvider {
  name: string;
  supportedRegions: string[];
  domain: string;
  logoUrl: string;
  supportedCurrencies: string[];
  lei: string;
  allowListStatus: boolean;
}

// Domains of the sandbox UMA counterparties (BEHAVIORS.md §4.6 speaks USD, EUR, MXN).
export const UMA_PROVIDERS: readonly UmaProvider[] = [
  { name: "Sandbox Counterparty US", supportedRegions: ["US"], domain: "sandbox-us.uma.example", logoUrl: "https://sandbox-us.uma.example/logo.png", supportedCurrencies: ["USD"], lei: "5493001KJTIIGC8Y1R12", allowListStatus: true },
  { name: "Sandbox Counterparty EU", supportedRegions: ["DE", "FR", "ES", "NL"], domain: "sandbox-eu.uma.example", logoUrl: "https://sandbox-eu.uma.example/logo.png", supportedCurrencies: ["EUR"], lei: "529900T8BM49AURSDO55", allowListStatus: true },
  { name: "Sandbox Counterparty MX", supportedRegions: ["MX"], domain: "sandbox-mx.uma.example", logoUrl: "https://sandbox-mx.uma.example/logo.png", supportedCurrencies: ["MXN", "USD"], lei: "549300HVS6Y0EF0M1K58", allowListStatus: true },
  { name: "Sandbox Blocked Provider", supportedRegions: ["US", "MX"], domain: "sandbox-blocked.uma.example", logoUrl: "https://sandbox-blocked.uma.example/logo.png", supportedCurrencies: ["USD", "MXN"], lei: "549300ZZZZZZZZZZZZ99", allowListStatus: false },
];
