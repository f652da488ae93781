import type { AdminSaleDetail } from '@wise/shared/admin';
import { Badge } from '#web/components/admin/status-badge';
import { Button } from '#web/components/ui/button';
import { toastError } from '#web/components/ui/toast';
import { adminErrorMessage } from '#web/lib/admin-api';
import { useBusinessTimeZone } from '#web/lib/business-time-zone';
import { useClaimSale, useReleaseSale } from '../api/decide-sale';
import './sales.css';

/** `14:05` in the business time zone: a claim lasts minutes, the date adds nothing. */
function ClockTime({ iso }: { iso: string }) {
  const timeZone = useBusinessTimeZone();
  if (!timeZone) return <time dateTime={iso}>…</time>;
  const text = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
  return <time dateTime={iso}>{text}</time>;
}

/** Who is reviewing the sale: claim it (locks it to me for a while), or give my claim up. */
export function ClaimBar({ sale, staffId }: { sale: Pick<AdminSaleDetail, 'id' | 'claim'>; staffId: string }) {
  const claim = useClaimSale(sale.id);
  const release = useReleaseSale(sale.id);
  const mine = sale.claim?.staff.id === staffId;
  const onError = (error: unknown) => toastError(adminErrorMessage(error, 'Could not change the claim. Try again'));

  if (!sale.claim) {
    return (
      <div className="admin-claim">
        <span className="admin-muted">Nobody is reviewing this sale.</span>
        <Button
          variant="secondary"
          className="admin-btn--small"
          onClick={() => claim.mutate(undefined, { onError })}
          busy={claim.isPending}
          busyLabel="Claiming..."
        >
          Claim
        </Button>
      </div>
    );
  }
  if (mine) {
    return (
      <div className="admin-claim">
        <Badge tone="info">
          You're reviewing · until <ClockTime iso={sale.claim.until} />
        </Badge>
        <Button
          variant="link"
          className="admin-btn--small"
          onClick={() => release.mutate(undefined, { onError })}
          busy={release.isPending}
          busyLabel="Releasing..."
        >
          Release
        </Button>
      </div>
    );
  }
  return (
    <div className="admin-claim">
      <Badge tone="warning">
        {sale.claim.staff.name} is reviewing · until <ClockTime iso={sale.claim.until} />
      </Badge>
    </div>
  );
}
