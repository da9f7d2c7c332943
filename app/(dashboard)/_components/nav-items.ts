export interface NavItem {
  href: string;
  label: string;
}

export interface NavGroup {
  label?: string;
  items: NavItem[];
}

/** Every dashboard area, in sidebar order. */
export const NAV_GROUPS: NavGroup[] = [
  { items: [{ href: "/", label: "Overview" }] },
  {
    label: "Payments",
    items: [
      { href: "/customers", label: "Customers" },
      { href: "/invitations", label: "Invitations" },
      { href: "/accounts", label: "Accounts" },
      { href: "/quotes", label: "Quotes" },
      { href: "/transactions", label: "Transactions" },
    ],
  },
  {
    label: "Products",
    items: [
      { href: "/cards", label: "Cards" },
      { href: "/stablecoins", label: "Stablecoins" },
      { href: "/agents", label: "Agents" },
    ],
  },
  {
    label: "Developers",
    items: [
      { href: "/webhooks", label: "Webhooks" },
      { href: "/api-tokens", label: "API tokens" },
      { href: "/api-reference", label: "API reference" },
      { href: "/sandbox", label: "Sandbox" },
    ],
  },
  {
    label: "Platform",
    items: [
      { href: "/team", label: "Team" },
      { href: "/settings", label: "Settings" },
    ],
  },
];
