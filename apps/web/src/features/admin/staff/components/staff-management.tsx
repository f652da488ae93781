import { useState, type FormEvent } from 'react';
import { dutyMessages, staffCreateSchema, staffRoleLabels, staffRoles, type AdminStaff, type StaffRole } from '@wise/shared/admin';
import { UserPlus } from 'lucide-react';
import { PendingRequests } from './pending-requests';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { DataTable, type Column } from '#web/components/admin/data-table';
import { Dialog, DialogActions } from '#web/components/admin/dialog';
import { FormField, FormSelect } from '#web/components/admin/form-fields';
import { PageHeader } from '#web/components/admin/page-header';
import { Badge, StatusBadge } from '#web/components/admin/status-badge';
import { Button } from '#web/components/ui/button';
import { DateTime } from '#web/components/ui/date-time';
import { toastSuccess } from '#web/components/ui/toast';
import { useStaffList } from '../api/get-staff';
import { useCreateStaff, useResetStaff, useUpdateStaff } from '../api/manage-staff';
import './staff.css';
import type { StaffConfirmation } from '#web/lib/staff-confirmation';

type Pending =
  | { kind: 'create'; email: string; name: string; role: StaffRole }
  | { kind: 'role'; staff: AdminStaff; role: StaffRole }
  | { kind: 'disable'; staff: AdminStaff; disabled: boolean }
  | { kind: 'reset'; staff: AdminStaff };

const roleOptions = staffRoles.map((role) => ({ value: role, label: staffRoleLabels[role] }));

/**
 * Staff management (admins): list, add (an invitation is e-mailed), change role, disable, reset.
 * Adding or re-enabling an admin, promoting and resetting wait for a second admin
 * (docs/separation-of-duties.md); no screen ever shows a password.
 */
export function StaffManagement({ meId }: { meId: string }) {
  const list = useStaffList();
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const reset = useResetStaff();
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = async (confirmation: StaffConfirmation) => {
    if (!pending) return;
    if (pending.kind === 'create') {
      const answer = await create.mutateAsync({ email: pending.email, name: pending.name, role: pending.role, ...confirmation });
      toastSuccess(answer.request ? dutyMessages.waiting : `${pending.name}: ${dutyMessages.invitationSent}`);
    } else if (pending.kind === 'role') {
      const answer = await update.mutateAsync({ id: pending.staff.id, input: { role: pending.role, ...confirmation } });
      toastSuccess(answer.request ? dutyMessages.waiting : `${pending.staff.name} is now ${staffRoleLabels[pending.role].toLowerCase()}`);
    } else if (pending.kind === 'disable') {
      const answer = await update.mutateAsync({ id: pending.staff.id, input: { disabled: pending.disabled, ...confirmation } });
      toastSuccess(
        answer.request
          ? dutyMessages.waiting
          : pending.disabled
            ? `${pending.staff.name} can no longer sign in`
            : `${pending.staff.name} can sign in again`,
      );
    } else {
      await reset.mutateAsync({ id: pending.staff.id, confirmation });
      toastSuccess(dutyMessages.waiting);
    }
  };

  const columns = staffColumns(meId, setPending);

  return (
    <>
      <PageHeader
        title="Staff"
        description="Everyone who can sign in to the back office. Every change asks for your authenticator code and is audited."
        actions={
          <Button onClick={() => setAdding(true)}>
            <UserPlus size={18} aria-hidden="true" /> Add staff member
          </Button>
        }
      />
      <PendingRequests meId={meId} />
      <DataTable
        caption="Staff"
        columns={columns}
        rows={list.data}
        rowKey={(staff) => staff.id}
        isLoading={list.isPending}
        error={list.error}
        errorMessage="Couldn't load the staff list"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        empty={{ title: 'No staff yet' }}
      />
      <AddStaffDialog
        open={adding}
        onClose={() => setAdding(false)}
        onReady={(values) => {
          setAdding(false);
          setPending({ kind: 'create', ...values });
        }}
      />
      <ConfirmCodeDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? confirmTitle(pending) : ''}
        description={pending ? confirmText(pending) : undefined}
        confirmLabel={pending ? confirmLabel(pending) : 'Confirm'}
        danger={pending?.kind === 'disable' && pending.disabled}
        onConfirm={confirm}
      />
    </>
  );
}

/** Each staff member with their role (changed in place), status, last activity, reset and disable; none for oneself. */
function staffColumns(meId: string, setPending: (pending: Pending) => void): Column<AdminStaff>[] {
  return [
    {
      key: 'name',
      header: 'Staff member',
      cell: (staff) => (
        <>
          <span className="admin-cell-title">
            {staff.name} {staff.id === meId ? <Badge tone="neutral">You</Badge> : null}
          </span>
          <span className="admin-cell-sub">{staff.email}</span>
        </>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      cell: (staff) => (
        <select
          className="admin-inline-select"
          aria-label={`Role of ${staff.name}`}
          value={staff.role}
          disabled={staff.id === meId || staff.disabled}
          onChange={(event) => {
            const role = staffRoles.find((r) => r === event.target.value);
            if (role && role !== staff.role) setPending({ kind: 'role', staff, role });
          }}
        >
          {roleOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (staff) => (
        <span className="admin-inline">
          <StatusBadge status={staff.disabled ? 'disabled' : 'active'} />
          {staff.locked_until && Date.parse(staff.locked_until) > Date.now() ? <Badge tone="danger">Locked out</Badge> : null}
          {!staff.totp_enrolled ? <Badge tone="pending">Authenticator not set up</Badge> : null}
          {staff.must_change_password ? <Badge tone="neutral">One-time password</Badge> : null}
        </span>
      ),
    },
    {
      key: 'active',
      header: 'Last active',
      cell: (staff) => (staff.last_active_at ? <DateTime iso={staff.last_active_at} /> : <span className="admin-muted">Never</span>),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      cell: (staff) =>
        staff.id === meId ? null : (
          <span className="admin-row-actions">
            <Button variant="secondary" className="admin-btn--small" onClick={() => setPending({ kind: 'reset', staff })}>
              Reset
            </Button>
            <Button
              variant="secondary"
              className={staff.disabled ? 'admin-btn--small' : 'admin-btn--small admin-btn--danger-outline'}
              onClick={() => setPending({ kind: 'disable', staff, disabled: !staff.disabled })}
            >
              {staff.disabled ? 'Enable' : 'Disable'}
            </Button>
          </span>
        ),
    },
  ];
}

function confirmTitle(pending: Pending): string {
  switch (pending.kind) {
    case 'create':
      return 'Add staff member';
    case 'role':
      return 'Change role';
    case 'disable':
      return pending.disabled ? 'Disable staff member' : 'Enable staff member';
    case 'reset':
      return 'Reset sign-in';
  }
}

function confirmText(pending: Pending): string {
  switch (pending.kind) {
    case 'create':
      return `${pending.name} (${pending.email}) as ${staffRoleLabels[pending.role].toLowerCase()}. An invitation link is e-mailed to them; an admin waits for a second admin.`;
    case 'role':
      return `${pending.staff.name} becomes ${staffRoleLabels[pending.role].toLowerCase()}.`;
    case 'disable':
      return pending.disabled
        ? `${pending.staff.name} is signed out and can no longer sign in.`
        : `${pending.staff.name} can sign in again.`;
    case 'reset':
      return `${pending.staff.name} is signed out everywhere and e-mailed an invitation to set up their sign-in again, once a second admin confirms.`;
  }
}

function confirmLabel(pending: Pending): string {
  switch (pending.kind) {
    case 'create':
      return 'Add';
    case 'role':
      return 'Change role';
    case 'disable':
      return pending.disabled ? 'Disable' : 'Enable';
    case 'reset':
      return 'Reset';
  }
}

type AddValues = { email: string; name: string; role: StaffRole };
const addFieldsSchema = staffCreateSchema.omit({ confirm_code: true });

function AddStaffDialog({ open, onClose, onReady }: { open: boolean; onClose: () => void; onReady: (values: AddValues) => void }) {
  const [values, setValues] = useState<AddValues>({ email: '', name: '', role: 'reviewer' });
  const [errors, setErrors] = useState<Partial<Record<keyof AddValues, string>>>({});
  const set = (field: keyof AddValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = addFieldsSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<keyof AddValues, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'email' || field === 'name' || field === 'role') next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    onReady(parsed.data);
    setValues({ email: '', name: '', role: 'reviewer' });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add staff member"
      description="They get an invitation link by e-mail, choose their own password, then set up an authenticator app."
    >
      <form className="admin-form" onSubmit={submit} noValidate>
        <FormField
          label="Name"
          name="name"
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          error={errors.name}
          autoComplete="off"
        />
        <FormField
          label="Work email"
          name="email"
          type="email"
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
          error={errors.email}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <FormSelect
          label="Role"
          name="role"
          value={values.role}
          onChange={(event) => set('role', event.target.value)}
          options={roleOptions}
          error={errors.role}
          hint="Reviewers work the queue and look customers up; admins do everything."
        />
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Continue</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
