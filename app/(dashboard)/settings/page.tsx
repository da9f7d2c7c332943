import type { Metadata } from "next";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { CodeBlock } from "@/components/code-block";
import { DateTime } from "@/components/date-time";
import { PageHeader } from "@/components/page-header";
import { StatusBadge } from "@/components/status-badge";
import { configToFormValues } from "./form-values";
import { SettingsForm } from "./_components/settings-form";
import { can } from "../_lib/can";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const { user } = await requireSession();
  const { data: config, error } = await (await serviceClient()).GET("/config");
  const canEdit = can(user, "MANAGE");

  return (
    <>
      <PageHeader title="Settings" description="How your platform receives webhooks, sends wallet codes, and which currencies and fees apply." />
      {!config ? (
        <Notice tone="error" title="Could not load the platform configuration">
          {error?.message ?? "The service did not answer."}
        </Notice>
      ) : (
        <div className="space-y-6">
          {!canEdit && (
            <Notice tone="info" title="Read-only" testId="settings-read-only">
              You are signed in with the {user.role.toLowerCase()} role. Only admins can change platform settings; ask an admin
              if something here needs to change.
            </Notice>
          )}
          <SettingsForm initialValues={configToFormValues(config)} canEdit={canEdit} isSandbox={user.environment === "SANDBOX"} />
          <Card title="Webhook signing key" description="Verify the X-Service-Signature header of each webhook with this P-256 public key (PEM, SPKI).">
            <CodeBlock label="webhook public key" code={config.webhookPublicKey.trim()} testId="webhook-public-key" wrap />
          </Card>
          <Card title="Platform">
            <dl className="grid gap-4 text-sm md:grid-cols-3">
              <div>
                <dt className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Regulated financial institution</dt>
                <dd className="mt-1">
                  <StatusBadge tone={config.isRegulatedFinancialInstitution ? "success" : "neutral"}>
                    {config.isRegulatedFinancialInstitution ? "Yes" : "No"}
                  </StatusBadge>
                </dd>
              </div>
              <div>
                <dt className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Platform ID</dt>
                <dd className="mt-1 font-mono text-xs">{config.id}</dd>
              </div>
              <div>
                <dt className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Last updated</dt>
                <dd className="mt-1">
                  <DateTime value={config.updatedAt} />
                </dd>
              </div>
            </dl>
          </Card>
        </div>
      )}
    </>
  );
}
