"use client";

import { useState, useTransition, type FormEvent } from "react";
import type { components } from "@/lib/client/generated/schema";
import { callAction, describeActionError, type ActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Field, controlProps } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { DateTimeSeconds } from "@/components/date-time-seconds";
import { advanceClockAction } from "../actions";
import { formatDuration } from "./format-duration";
import { RanJobsTable } from "./ran-jobs-table";

type AdvanceResult = components["schemas"]["SandboxClockAdvanceResult"];

const PRESETS = [
  { label: "30 s", seconds: 30 },
  { label: "6 min", seconds: 360 },
  { label: "1 h", seconds: 3_600 },
  { label: "1 day", seconds: 86_400 },
];

const SECONDS_HINT = "Whole seconds, up to ten years.";

function errorMessage(error: ActionError): string {
  if (error.code === "FORBIDDEN") return "Your role cannot move the sandbox clock, or this is not a sandbox platform.";
  return describeActionError(error);
}

/** Preset and custom advances; after each, what fell due in the skipped window. */
export function AdvanceClock({ canAdvance }: { canAdvance: boolean }) {
  const [seconds, setSeconds] = useState("");
  const [error, setError] = useState<ActionError | null>(null);
  const [last, setLast] = useState<{ seconds: number; result: AdvanceResult } | null>(null);
  const [pending, startTransition] = useTransition();
  const secondsError = error?.fieldErrors?.seconds;

  function advance(by: number | string) {
    startTransition(async () => {
      const result = await callAction(advanceClockAction, { seconds: by });
      if (!result.ok) {
        setLast(null);
        return setError(result.error);
      }
      setError(null);
      setLast({ seconds: Number(by), result: result.data });
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    advance(seconds);
  }

  return (
    <div className="space-y-5">
      <div>
        <p className="mb-2 text-sm font-medium text-zinc-800">Advance by</p>
        <div className="flex flex-wrap gap-2">
          {PRESETS.map((preset) => (
            <Button key={preset.seconds} variant="secondary" disabled={!canAdvance || pending} onClick={() => advance(preset.seconds)}>
              {preset.label}
            </Button>
          ))}
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-3">
        <Field id="seconds" label="Custom (seconds)" hint={SECONDS_HINT} error={secondsError} className="w-64">
          <Input {...controlProps("seconds", secondsError, SECONDS_HINT)} type="number" inputMode="numeric" value={seconds} onChange={(e) => setSeconds(e.target.value)} disabled={!canAdvance || pending} />
        </Field>
        <Button type="submit" className="mt-6.5" disabled={!canAdvance || pending}>
          {pending ? "Advancing…" : "Advance"}
        </Button>
      </form>
      {error && !secondsError && (
        <Notice tone="error" testId="advance-error">
          {errorMessage(error)}
        </Notice>
      )}
      {last && (
        <div className="space-y-3" data-testid="advance-result">
          <Notice tone="success" title={`Moved forward ${formatDuration(last.seconds)}.`}>
            The platform clock now reads <DateTimeSeconds value={last.result.now} />.{" "}
            {last.result.ran.length === 0 ? "Nothing was scheduled in that window." : `${last.result.ran.length} scheduled step(s) fell due and ran, in order:`}
          </Notice>
          {last.result.ran.length > 0 && (
            <div className="overflow-hidden rounded-md border border-zinc-200">
              <RanJobsTable jobs={last.result.ran} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
