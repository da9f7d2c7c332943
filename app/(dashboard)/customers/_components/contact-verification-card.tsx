"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import type { components } from "@/lib/client/generated/schema";
import { callAction, describeActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { StatusBadge } from "@/components/status-badge";
import { confirmContactCodeAction, sendContactCodeAction } from "../contact-actions";

type ContactVerification = components["schemas"]["ContactVerification"];
type Channel = "email" | "phone";

const LABELS: Record<Channel, string> = { email: "Email", phone: "Phone" };

function ChannelRow({ customerId, channel, status, address, canManage }: { customerId: string; channel: Channel; status: "PENDING" | "VERIFIED"; address?: string; canManage: boolean }) {
  const [code, setCode] = useState("");
  const [isSent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();

  function send() {
    startTransition(async () => {
      const result = await callAction(sendContactCodeAction, { customerId, channel });
      setProblem(result.ok ? null : describeActionError(result.error));
      setSent(result.ok);
    });
  }
  function confirm() {
    startTransition(async () => {
      const result = await callAction(confirmContactCodeAction, { customerId, channel, code });
      if (!result.ok) {
        const wrongCode = result.error.code === "INVALID_INPUT";
        return setProblem(wrongCode ? "That code is not right. Check it with the customer, or send a new one." : describeActionError(result.error));
      }
      setProblem(null);
      router.refresh();
    });
  }

  return (
    <li className="space-y-2 py-3" data-testid={`contact-${channel}`}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-zinc-800">{LABELS[channel]}</span>
        {address && <code className="font-mono text-xs text-zinc-600">{address}</code>}
        <StatusBadge tone={status === "VERIFIED" ? "success" : "warning"}>{status}</StatusBadge>
      </div>
      {status === "PENDING" && canManage && (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" size="sm" onClick={send} disabled={pending}>
            {isSent ? "Resend code" : "Send code"}
          </Button>
          <Input aria-label={`${LABELS[channel]} code`} value={code} onChange={(e) => setCode(e.target.value)} placeholder="Code" maxLength={32} className="w-32" />
          <Button size="sm" onClick={confirm} disabled={pending || !code.trim()}>
            Confirm
          </Button>
          {isSent && <span className="text-xs text-zinc-500">Code sent. In the sandbox it is always 123456.</span>}
        </div>
      )}
      {problem && <Notice tone="error">{problem}</Notice>}
    </li>
  );
}

/** The email/phone checks the customer's provider requires before KYC can be submitted. */
export function ContactVerificationCard({ customer, canManage }: { customer: components["schemas"]["CustomerOneOf"]; canManage: boolean }) {
  const state: ContactVerification = customer.contactVerification ?? {};
  const channels = (["email", "phone"] as const).filter((c) => state[c]);
  if (channels.length === 0) return null;
  const isPending = channels.some((c) => state[c] === "PENDING");
  return (
    <Card
      title="Contact verification"
      description="This customer's provider requires a confirmed email and phone number before verification can be submitted."
      tone={isPending ? "attention" : "default"}
    >
      <ul className="divide-y divide-zinc-100">
        {channels.map((c) => (
          <ChannelRow key={c} customerId={customer.id} channel={c} status={state[c]!} address={c === "email" ? customer.email : customer.phoneNumber} canManage={canManage} />
        ))}
      </ul>
    </Card>
  );
}
