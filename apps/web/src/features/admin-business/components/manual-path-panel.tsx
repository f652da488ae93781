import { useState } from 'react';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { DateTime } from '#web/components/ui/date-time';
import { toastSuccess } from '#web/components/ui/toast';
import { useManualPath, useSetManualPath } from '../api/manual-path';
import { EnabledSwitch } from './enabled-switch';
import './business.css';

/**
 * The manual path (docs/crypto-settlement.md, "The manual path"): customers sending to the shared
 * addresses below and uploading a screenshot. Closed once every customer pays to a deposit address
 * of their own: the shared addresses are then no longer shown, and no screenshot sale is taken.
 */
export function ManualPathPanel() {
  const manualPath = useManualPath();
  const update = useSetManualPath();
  const [asking, setAsking] = useState(false);
  const enabled = manualPath.data?.enabled ?? true;
  return (
    <section aria-labelledby="manual-path-title">
      <h2 id="manual-path-title" className="biz-section-title">
        Screenshot sales
        <EnabledSwitch
          checked={enabled}
          label="Customers may sell by sending to the shared addresses with a screenshot"
          busy={manualPath.isPending}
          onChange={() => setAsking(true)}
        />
      </h2>
      <p className="admin-muted">
        {enabled
          ? 'Customers may send coins to the shared addresses below and upload a screenshot; staff review each sale.'
          : 'Closed: customers pay to their own deposit addresses only. The shared addresses are not shown.'}
        {manualPath.data?.changed_by ? (
          <>
            {' '}
            Changed by {manualPath.data.changed_by.name}, <DateTime iso={manualPath.data.changed_at} />.
          </>
        ) : null}
      </p>
      <ConfirmCodeDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={enabled ? 'Stop screenshot sales?' : 'Open screenshot sales again?'}
        description={
          enabled
            ? 'Customers will no longer see the shared addresses or the screenshot form. Sales already sent stay in review.'
            : 'Customers will see the shared addresses again and may sell with a screenshot.'
        }
        confirmLabel={enabled ? 'Stop screenshot sales' : 'Open screenshot sales'}
        busyLabel="Saving..."
        danger={!enabled}
        onConfirm={async (confirmation) => {
          await update.mutateAsync({ enabled: !enabled, ...confirmation });
          toastSuccess(enabled ? 'Screenshot sales stopped' : 'Screenshot sales open');
        }}
      />
    </section>
  );
}
