import { SelectField, TextField } from "@/components/text-field";
import { WALLET_NETWORKS } from "../external-account-values";
import type { ExternalSectionProps } from "./external-section-props";

const NETWORK_LABELS: Record<(typeof WALLET_NETWORKS)[number], string> = {
  SOLANA_WALLET: "Solana",
  BASE_WALLET: "Base",
  ETHEREUM_WALLET: "Ethereum",
  POLYGON_WALLET: "Polygon",
};

/** A USDC wallet: network, address, and who holds it (travel rule). */
export function WalletFields({ values, update, errors }: ExternalSectionProps) {
  const w = values.wallet;
  const isAtExchange = w.vaspName.trim() !== "";
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <SelectField
        id="accountInfo.accountType"
        label="Network"
        options={WALLET_NETWORKS.map((n) => ({ value: n, label: NETWORK_LABELS[n] }))}
        value={w.network}
        error={errors["accountInfo.accountType"]}
        onChange={(v) => update((d) => void (d.wallet.network = v as typeof d.wallet.network))}
      />
      <TextField
        id="accountInfo.address"
        label="Wallet address"
        placeholder={w.network === "SOLANA_WALLET" ? "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV" : "0x…"}
        value={w.address}
        error={errors["accountInfo.address"]}
        maxLength={200}
        autoComplete="off"
        onChange={(v) => update((d) => void (d.wallet.address = v))}
      />
      <TextField
        id="accountInfo.vaspName"
        label="Exchange (optional)"
        hint="Name the exchange when the wallet is held at one; leave empty for a self-custody wallet."
        value={w.vaspName}
        error={errors["accountInfo.vaspName"]}
        onChange={(v) => update((d) => void (d.wallet.vaspName = v))}
      />
      <SelectField
        id="ownershipType"
        label="Whose wallet"
        hint={isAtExchange ? "Not needed for a wallet held at an exchange." : "First-party wallets must prove ownership before large payouts."}
        options={[
          { value: "FIRST_PARTY", label: "The owner's own wallet" },
          { value: "THIRD_PARTY", label: "Someone else's wallet" },
        ]}
        value={w.ownershipType}
        error={errors.ownershipType}
        disabled={isAtExchange}
        onChange={(v) => update((d) => void (d.wallet.ownershipType = v as typeof d.wallet.ownershipType))}
      />
    </div>
  );
}
