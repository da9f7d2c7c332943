"use client";

import { useState, useTransition, type FormEvent } from "react";
import { callAction, describeActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Field, controlProps } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { StatusBadge, statusTone } from "@/components/status-badge";
import { sendApiRequestAction, type TryItResponse } from "../actions";

export interface TryItParameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  hint?: string;
}

export interface TryItPanelProps {
  operationId: string;
  parameters: TryItParameter[];
  /** Pretty JSON to start from, when the operation takes a body. */
  exampleBody?: string;
}

export function TryItPanel({ operationId, parameters, exampleBody }: TryItPanelProps) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(exampleBody ?? "");
  const [response, setResponse] = useState<TryItResponse | null>(null);
  const [problem, setProblem] = useState<{ message: string; bodyError?: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const id = (name: string) => `${operationId}-${name}`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const pick = (where: "path" | "query") =>
      Object.fromEntries(parameters.filter((p) => p.in === where).map((p) => [p.name, values[p.name] ?? ""]));
    startTransition(async () => {
      const result = await callAction(sendApiRequestAction, { operationId, path: pick("path"), query: pick("query"), body: exampleBody === undefined ? undefined : body });
      if (result.ok) {
        setProblem(null);
        setResponse(result.data);
        return;
      }
      setResponse(null);
      setProblem({ message: describeActionError(result.error), bodyError: result.error.fieldErrors?.body });
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={`Try ${operationId}`}>
      {parameters.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2">
          {parameters.map((p) => (
            <Field key={p.name} id={id(p.name)} label={`${p.name}${p.required ? " *" : ""} (${p.in})`} hint={p.hint}>
              <Input
                {...controlProps(id(p.name), undefined, p.hint)}
                className="font-mono"
                value={values[p.name] ?? ""}
                onChange={(e) => setValues((v) => ({ ...v, [p.name]: e.target.value }))}
              />
            </Field>
          ))}
        </div>
      )}
      {exampleBody !== undefined && (
        <Field id={id("body")} label="Request body (JSON)" error={problem?.bodyError}>
          <Textarea {...controlProps(id("body"), problem?.bodyError)} rows={Math.min(14, body.split("\n").length + 2)} value={body} onChange={(e) => setBody(e.target.value)} spellCheck={false} />
        </Field>
      )}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? "Sending…" : "Send request"}
        </Button>
        <p className="text-xs text-zinc-500">Runs as you, with your role&apos;s permissions, against this platform.</p>
      </div>
      {problem && !problem.bodyError && <Notice tone="error">{problem.message}</Notice>}
      {response && (
        <div data-testid={`try-it-response-${operationId}`} className="space-y-2">
          <div className="flex items-center gap-2 text-xs text-zinc-500">
            <span>Response</span>
            <StatusBadge tone={statusTone(response.status)}>{response.status}</StatusBadge>
            {response.requestId && <span className="font-mono">X-Request-Id {response.requestId}</span>}
          </div>
          <pre tabIndex={0} className="max-h-96 overflow-auto rounded-md bg-zinc-900 px-4 py-3 font-mono text-xs leading-relaxed text-zinc-100">
            {response.body === null ? "(no body)" : JSON.stringify(response.body, null, 2)}
          </pre>
        </div>
      )}
    </form>
  );
}
