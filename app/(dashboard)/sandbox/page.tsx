import type { Metadata } from "next";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/page-header";
import { AdvanceClock } from "./_components/advance-clock";
import { formatDuration } from "./_components/format-duration";
import { PlatformClock } from "./_components/platform-clock";
import { can } from "../_lib/can";

export const metadata: Metadata = { title: "Sandbox" };

export default async function SandboxPage() {
  const { user } = await requireSession();
  const { data: clock, error } = await (await serviceClient()).GET("/sandbox/clock");
  // How far the platform runs ahead of real time (the sandbox only ever moves forward).
  const aheadSeconds = clock ? (Date.parse(clock.now) - Date.now()) / 1000 : 0;

  return (
    <>
      <PageHeader title="Sandbox" description="Tools that simulate the outside world for sandbox platforms." />
      {!clock ? (
        <Notice tone={error?.code === "FORBIDDEN" ? "info" : "error"} title="The sandbox clock is not available">
          {error?.code === "FORBIDDEN" ? "Only sandbox platforms have a sandbox clock." : (error?.message ?? "The service did not answer.")}
        </Notice>
      ) : (
        <Card
          title="Platform clock"
          description="The sandbox clock is your platform's own time: move it forward to make timed behaviour (webhook retries, payments that complete after minutes, quote expiry) happen now instead of waiting."
        >
          <div className="space-y-6">
            <div>
              <PlatformClock key={clock.now} now={clock.now} />
              <p className="mt-1 text-sm text-zinc-500" data-testid="sandbox-clock-offset">
                {aheadSeconds >= 1 ? `${formatDuration(aheadSeconds)} ahead of real time.` : "In step with real time."}
              </p>
            </div>
            <div className="border-t border-zinc-100 pt-5">
              <AdvanceClock canAdvance={can(user, "TRANSACT")} />
            </div>
          </div>
        </Card>
      )}
    </>
  );
}
