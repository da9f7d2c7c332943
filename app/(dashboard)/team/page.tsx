import type { Metadata } from "next";
import { requireSession } from "@/lib/auth/session";
import { services } from "@/lib/services";
import { listStaffUsers } from "@/lib/service/staff/list-staff-users";
import { MIN_PASSWORD_LENGTH } from "@/lib/service/staff/schemas";
import type { StaffMember } from "@/lib/service/staff/serialize-staff-member";
import { ChangePasswordForm } from "@/components/change-password-form";
import { Card } from "@/components/ui/card";
import { DataTable, type Column } from "@/components/ui/data-table";
import { Notice } from "@/components/ui/notice";
import { DateTime } from "@/components/date-time";
import { PageHeader } from "@/components/page-header";
import { StatusBadge } from "@/components/status-badge";
import { changePasswordAction } from "./actions";
import { AddMemberForm } from "./_components/add-member-form";
import { MemberRoleSelect } from "./_components/member-role-select";
import { RemoveMemberButton } from "./_components/remove-member-button";
import { ResetPasswordButton } from "./_components/reset-password-button";
import { ROLE_LABELS } from "./_components/team-text";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const { user } = await requireSession();
  // Staff users are not part of the Service API: the page reads them from lib/service/staff, scoped to the platform.
  const members = await listStaffUsers(await services().db(), user.platformId);
  const canManage = user.role === "ADMIN";

  const columns: Column<StaffMember>[] = [
    {
      header: "Name",
      cell: (m) => (
        <span className="flex items-center gap-2 font-medium text-zinc-900">
          {m.name}
          {m.id === user.id && <StatusBadge tone="brand">You</StatusBadge>}
          {m.hasTemporaryPassword && <StatusBadge tone="warning">Temporary password</StatusBadge>}
        </span>
      ),
    },
    { header: "Email", cell: (m) => m.email },
    {
      header: "Role",
      cell: (m) => (canManage ? <MemberRoleSelect staffId={m.id} name={m.name} role={m.role} isSelf={m.id === user.id} /> : <StatusBadge>{ROLE_LABELS[m.role]}</StatusBadge>),
    },
    { header: "Added", cell: (m) => <DateTime value={m.createdAt} /> },
  ];
  if (canManage) {
    columns.push({
      header: <span className="sr-only">Actions</span>,
      className: "text-right",
      cell: (m) =>
        m.id === user.id ? null : (
          <span className="inline-flex gap-2">
            <ResetPasswordButton staffId={m.id} name={m.name} email={m.email} />
            <RemoveMemberButton staffId={m.id} name={m.name} email={m.email} />
          </span>
        ),
    });
  }

  return (
    <>
      <PageHeader title="Team" description="Who can sign in to this dashboard, and what each of them may do." />
      <div className="space-y-6">
        {canManage ? (
          <Card title="Add a member" description="Each person gets their own sign-in, with only the role they need.">
            <AddMemberForm />
          </Card>
        ) : (
          <Notice tone="info" title="Read-only" testId="team-read-only">
            You are signed in with the {ROLE_LABELS[user.role].toLowerCase()} role. Only admins can add, change and remove team members.
          </Notice>
        )}
        <Card title="Members" description={`${members.length} member(s). Admins manage everything, operators also send payments, support views.`} flush>
          <DataTable caption="Team members" columns={columns} rows={members} rowKey={(m) => m.id} />
        </Card>
        <Card title="Your password" description="You stay signed in here; your sessions in other browsers are signed out.">
          <ChangePasswordForm minLength={MIN_PASSWORD_LENGTH} action={changePasswordAction} />
        </Card>
      </div>
    </>
  );
}
