import { LivenessCheck } from "./liveness-check";

export const metadata = { title: "Wallet ownership check" };

export default async function LivenessPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <main className="mx-auto mt-24 max-w-md rounded-lg border border-zinc-200 bg-white p-8 shadow-sm">
      <h1 className="mb-2 text-lg font-semibold text-zinc-900">Confirm you own this wallet</h1>
      <LivenessCheck token={token} />
    </main>
  );
}
