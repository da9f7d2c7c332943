import { describe, expect, it } from "vitest";
import { uuidv7 } from "../http/ids";
import { bitcoinRegtestAddress, clabe, iban, isAbaRoutingNumber, seedBytes, solanaAddress } from "./sandbox-addresses";
import { fundingReference, SANDBOX_ROUTING_NUMBER, sandboxFundingInstructions } from "./sandbox-funding-instructions";
import { PaymentInstructionsSchema } from "./schemas";

const account = (type: "INTERNAL_FIAT" | "INTERNAL_CRYPTO" | "EMBEDDED_WALLET", currency: string, customerId: string | null = uuidv7()) => ({
  id: uuidv7(),
  type,
  currency,
  customerId,
});

function ibanIsValid(value: string): boolean {
  const rearranged = `${value.slice(4)}${value.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return BigInt(rearranged) % 97n === 1n;
}

const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
function bech32ChecksumIsValid(address: string): boolean {
  const sep = address.lastIndexOf("1");
  const hrp = address.slice(0, sep);
  const data = [...address.slice(sep + 1)].map((c) => BECH32.indexOf(c));
  const values = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31), ...data];
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >> i) & 1) chk ^= gen[i]!;
  }
  return chk === 1;
}

describe("sandbox funding instructions", () => {
  it("are derived from the account id alone: the same account always gets the same details", () => {
    const usd = account("INTERNAL_FIAT", "USD");
    expect(sandboxFundingInstructions(usd)).toEqual(sandboxFundingInstructions({ ...usd }));
    expect(sandboxFundingInstructions(usd)).not.toEqual(sandboxFundingInstructions(account("INTERNAL_FIAT", "USD")));
  });

  it("give a USD account ACH/wire details with a valid routing number, a reference and the holder's name", () => {
    const usd = account("INTERNAL_FIAT", "USD");
    const [instructions] = sandboxFundingInstructions(usd);
    expect(PaymentInstructionsSchema.parse(instructions)).toEqual(instructions);
    expect(instructions!.accountOrWalletInfo).toMatchObject({
      accountType: "USD_ACCOUNT",
      routingNumber: SANDBOX_ROUTING_NUMBER,
      reference: fundingReference(usd.id),
      paymentRails: ["ACH", "WIRE", "RTP", "FEDNOW"],
    });
    expect(isAbaRoutingNumber(SANDBOX_ROUTING_NUMBER)).toBe(true);
    const info = instructions!.accountOrWalletInfo as { accountNumber: string; accountHolderName: string; bankName: string };
    expect(info.accountNumber).toMatch(/^\d{12}$/);
    expect(info.accountHolderName.length).toBeGreaterThan(0);
    expect(info.bankName.length).toBeGreaterThan(0);
    expect(instructions).not.toHaveProperty("isPlatformAccount");
  });

  it("give a EUR account an IBAN whose mod-97 check holds and a SWIFT code of the right shape", () => {
    const [instructions] = sandboxFundingInstructions(account("INTERNAL_FIAT", "EUR"));
    const info = instructions!.accountOrWalletInfo as { accountType: string; iban: string; swiftCode: string };
    expect(info.accountType).toBe("EUR_ACCOUNT");
    expect(info.iban).toMatch(/^DE\d{20}$/);
    expect(ibanIsValid(info.iban)).toBe(true);
    expect(info.swiftCode).toMatch(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
  });

  it("compute IBAN and CLABE check digits as the standards say", () => {
    expect(iban("GB", "WEST12345698765432")).toBe("GB82WEST12345698765432"); // ISO 13616 example
    expect(clabe("03218000011835971")).toBe("032180000118359719"); // Banxico example
    expect(isAbaRoutingNumber("011000015")).toBe(true);
    expect(isAbaRoutingNumber("011000016")).toBe(false);
  });

  it("give GBP sort code details, MXN a CLABE and other fiat a SWIFT collection account", () => {
    expect(sandboxFundingInstructions(account("INTERNAL_FIAT", "GBP"))[0]!.accountOrWalletInfo).toMatchObject({ accountType: "GBP_ACCOUNT", paymentRails: ["FASTER_PAYMENTS"] });
    const mxn = sandboxFundingInstructions(account("INTERNAL_FIAT", "MXN"))[0]!.accountOrWalletInfo as { clabeNumber: string };
    expect(mxn.clabeNumber).toMatch(/^\d{18}$/);
    expect(clabe(mxn.clabeNumber.slice(0, 17))).toBe(mxn.clabeNumber);
    expect(sandboxFundingInstructions(account("INTERNAL_FIAT", "BRL"))[0]!.accountOrWalletInfo).toMatchObject({ accountType: "SWIFT_ACCOUNT", paymentRails: ["SWIFT"] });
  });

  it("give a USDC account deposit addresses on Solana and the EVM networks", () => {
    const forms = sandboxFundingInstructions(account("INTERNAL_CRYPTO", "USDC")).map((i) => i.accountOrWalletInfo as { accountType: string; address: string; assetType: string });
    expect(forms.map((f) => f.accountType)).toEqual(["SOLANA_WALLET", "ETHEREUM_WALLET", "BASE_WALLET", "POLYGON_WALLET"]);
    for (const form of forms) expect(form.assetType).toBe("USDC");
    expect(forms[0]!.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(forms[1]!.address).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it("give a BTC account a regtest bech32 address with a valid checksum", () => {
    const [instructions] = sandboxFundingInstructions(account("INTERNAL_CRYPTO", "BTC"));
    const info = instructions!.accountOrWalletInfo as { accountType: string; address: string };
    expect(info.accountType).toBe("BITCOIN_L1");
    expect(info.address).toMatch(/^bcrt1q[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{38}$/);
    expect(bech32ChecksumIsValid(info.address)).toBe(true);
    expect(bech32ChecksumIsValid(bitcoinRegtestAddress(seedBytes("x", "btc")))).toBe(true);
  });

  it("encode base58 with leading zero bytes as 1s", () => {
    expect(solanaAddress(Buffer.alloc(32))).toBe("1".repeat(32));
  });

  it("are empty for embedded wallets and flagged isPlatformAccount on the platform's own accounts", () => {
    expect(sandboxFundingInstructions(account("EMBEDDED_WALLET", "USDB"))).toEqual([]);
    for (const i of sandboxFundingInstructions(account("INTERNAL_FIAT", "USD", null))) expect(i.isPlatformAccount).toBe(true);
  });
});

describe("sandboxFundingInstructions are made once per account", () => {
  it("answers the same account the same instructions, frozen, and another account or kind its own", () => {
    const usd = account("INTERNAL_FIAT", "USD");
    const first = sandboxFundingInstructions(usd);
    expect(sandboxFundingInstructions({ ...usd })).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0]) && Object.isFrozen(first[0]!.accountOrWalletInfo)).toBe(true);
    expect(() => {
      (first[0]!.accountOrWalletInfo as { accountNumber: string }).accountNumber = "0";
    }).toThrow(TypeError);
    expect(sandboxFundingInstructions(account("INTERNAL_FIAT", "USD"))[0]!.accountOrWalletInfo).not.toEqual(first[0]!.accountOrWalletInfo);
    // The same id as the platform's own account is marked as such.
    expect(sandboxFundingInstructions({ ...usd, customerId: null })[0]).toMatchObject({ isPlatformAccount: true });
    expect(first[0]).not.toHaveProperty("isPlatformAccount");
  });
});
