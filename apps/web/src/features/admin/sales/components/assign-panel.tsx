import { useState } from 'react';
import type { AdminSaleDetail } from '@wise/shared/admin';
import { Panel } from '#web/components/admin/admin-layout';
import { FormSelect } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { adminErrorMessage } from '#web/lib/admin-api';
import { useAssignees, useAssignSale } from '../api/assign-sale';

/** Admin: give a waiting sale to a reviewer (it comes first in their "Mine"), or take it back. Audited. */
export function AssignPanel({ sale }: { sale: Pick<AdminSaleDetail, 'id' | 'assignment'> }) {
  const assignees = useAssignees(true);
  const assign = useAssignSale(sale.id);
  const [choice, setChoice] = useState(sale.assignment?.staff.id ?? '');
  const options = [
    { value: '', label: 'Nobody' },
    ...(assignees.data ?? []).map((person) => ({ value: person.id, label: `${person.name}${person.role === 'admin' ? ' (admin)' : ''}` })),
  ];
  return (
    <Panel title="Assigned to">
      <form
        className="admin-form"
        aria-label="Assign"
        onSubmit={(event) => {
          event.preventDefault();
          assign.mutate(choice || null, {
            onSuccess: () => toastSuccess(choice ? 'Assigned' : 'No longer assigned'),
            onError: (error) => toastError(adminErrorMessage(error, 'Could not assign the sale. Try again')),
          });
        }}
      >
        {sale.assignment ? (
          <p className="admin-muted">
            {sale.assignment.staff.name}, by {sale.assignment.by.name}
          </p>
        ) : null}
        <FormSelect label="Reviewer" name="assignee" value={choice} onChange={(event) => setChoice(event.target.value)} options={options} />
        <Button
          type="submit"
          variant="secondary"
          className="admin-btn--small"
          busy={assign.isPending}
          busyLabel="Saving..."
          disabled={choice === (sale.assignment?.staff.id ?? '')}
        >
          Save
        </Button>
      </form>
    </Panel>
  );
}
