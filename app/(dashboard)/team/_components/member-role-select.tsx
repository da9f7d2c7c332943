"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Select } from "@/components/ui/input";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { changeTeamMemberRoleAction } from "../actions";
import { ROLES, ROLE_DESCRIPTIONS, ROLE_LABELS, describeTeamError, type Role } from "./team-text";
import { callAction } from "@/lib/client/action-result";

export interface MemberRoleSelectProps {
  staffId: string;
  name: string;
  role: Role;
  isSelf: boolean;
}

/** A member's role, changed after a confirmation; refusals (the last admin) are said in the dialog. */
export function MemberRoleSelect({ staffId, name, role, isSelf }: MemberRoleSelectProps) {
  const [choice, setChoice] = useState<Role | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();

  function confirm() {
    if (!choice) return;
    startTransition(async () => {
      const result = await callAction(changeTeamMemberRoleAction, { staffId, role: choice });
      if (result.ok) return setChoice(null);
      if (result.error.code === "STAFF_NOT_FOUND") {
        setChoice(null);
        return router.refresh();
      }
      setProblem(describeTeamError(result.error));
    });
  }

  return (
    <>
      <Select
        aria-label={`Role of ${name}`}
        value={choice ?? role}
        className="w-36"
        onChange={(e) => {
          const next = e.target.value as Role;
          if (next === role) return;
          setProblem(null);
          setChoice(next);
        }}
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </Select>
      <ConfirmDialog
        open={choice !== null}
        title={choice ? `Change ${isSelf ? "your" : `${name}’s`} role to ${ROLE_LABELS[choice]}?` : ""}
        confirmLabel="Change role"
        tone="primary"
        onConfirm={confirm}
        onCancel={() => setChoice(null)}
        pending={pending}
      >
        {choice && <p>{ROLE_DESCRIPTIONS[choice]} It applies to {isSelf ? "your" : "their"} next page load.</p>}
        {isSelf && role === "ADMIN" && choice !== "ADMIN" && <p className="mt-2">You will no longer manage the team, API tokens or settings.</p>}
        {problem && <p role="alert" className="mt-3 font-medium text-red-600">{problem}</p>}
      </ConfirmDialog>
    </>
  );
}
