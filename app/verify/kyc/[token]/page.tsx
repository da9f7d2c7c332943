import { services } from "@/lib/services";
import { isServiceError } from "@/lib/service/http/errors";
import { getKycLinkPage, type KycLinkPage } from "@/lib/service/verifications/get-kyc-link-page";
import { SubmitKyc } from "./submit-kyc";

export const metadata = { title: "Identity verification" };
export const dynamic = "force-dynamic";

// The hosted KYC/KYB page behind POST /customers/{customerId}/kyc-link; the token is the credential.
export default async function KycPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let page: KycLinkPage;
  try {
    page = await getKycLinkPage(await services().db(), token);
  } catch (e) {
    if (!isServiceError(e)) throw e;
    return <Shell title="Verification link unavailable"><p className="text-sm text-zinc-600">{e.message}</p></Shell>;
  }
  return (
    <Shell title={page.customerType === "BUSINESS" ? "Verify your business" : "Verify your identity"}>
      <p className="mb-4 text-sm text-zinc-600">
        {page.name || "Customer"} · status <span className="font-medium" data-testid="kyc-status">{page.status}</span>
      </p>
      {page.status !== "UNVERIFIED" ? (
        <p className="text-sm text-zinc-700">Nothing left to do here.</p>
      ) : page.missing.length === 0 ? (
        <p className="mb-4 text-sm text-zinc-700">Everything needed is on file.</p>
      ) : (
        <ul className="mb-4 list-disc space-y-1 pl-5 text-sm text-zinc-700" data-testid="kyc-missing">
          {page.missing.map((item, i) => (
            <li key={i}>
              <span className="font-mono text-xs">{item.field ?? item.type}</span>: {item.reason}
            </li>
          ))}
        </ul>
      )}
      {page.status === "UNVERIFIED" && <SubmitKyc token={token} />}
    </Shell>
  );
}

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto mt-24 max-w-lg rounded-lg border border-zinc-200 bg-white p-8 shadow-sm">
      <h1 className="mb-2 text-lg font-semibold text-zinc-900">{title}</h1>
      {children}
    </main>
  );
}
