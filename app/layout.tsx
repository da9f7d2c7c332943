import type { Metadata } from "next";
import type { ReactNode } from "react";
import { connection } from "next/server";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Service dashboard", template: "%s · Service dashboard" },
  description: "Staff dashboard for the payments, embedded-wallet and stablecoin platform.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, the not-found page included: Next puts the request's CSP nonce
  // (lib/security-headers.ts) on its scripts then, and a page prerendered at build time has none,
  // so the browser would refuse to run it.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans text-sm">{children}</body>
    </html>
  );
}
