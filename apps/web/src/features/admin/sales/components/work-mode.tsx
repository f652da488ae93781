import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { rejectionCodesFor, saleRejectionReasons, type SaleRejectionCode } from '@wise/shared';
import { saleRejectionLabels, type AdminSaleDetail, type AdminSaleDetailResponse, type StaffMe } from '@wise/shared/admin';
import { Dialog, DialogActions } from '#web/components/admin/dialog';
import { FormField } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { toastSuccess } from '#web/components/ui/toast';
import { adminErrorMessage } from '#web/lib/admin-api';
import { claimSale, releaseSale, useRejectSale } from '../api/decide-sale';
import { secondApprovalFilters, useSalesQueue } from '../api/get-sales';
import { adminSaleKeys } from '../api/keys';
import { deskHref, keyBelongsElsewhere, recallDeskFilters } from '../desk-filters';
import { keyboardRows } from '../desk-queue';
import './desk.css';

interface WorkModeProps {
  sale: AdminSaleDetail;
  staff: Pick<StaffMe, 'id' | 'role'>;
  saleHref: (id: string) => string;
  queueHref: string;
  /** Opens the approval (the authenticator-code dialog for the quoted amount), or the second approver's confirmation. */
  onApprove: () => void;
  /** Set by the page: the next sale to open after a decision. */
  nextRef: { current: () => void };
}

const isOpen = (sale: Pick<AdminSaleDetail, 'status'>) => sale.status === 'submitted' || sale.status === 'under_review';

/**
 * Work mode on a sale's page (docs/back-office.md, "The review desk"): the sale is claimed on opening and given back on
 * leaving (or when the claim runs out); the keyboard decides — a approve, r reject, j next, k
 * previous, z zoom, / search, q queue — except while typing in a field or with a dialog open; after
 * a decision the next sale of the queue the reviewer was looking at opens.
 *
 * A sale waiting for a second approval (docs/separation-of-duties.md) is not claimed: `a` opens the
 * confirmation for an admin who did not ask, and does nothing for the one who did; nobody rejects it.
 * The sales an admin can confirm come first in j/k and after a decision, as on the desk.
 */
export function WorkMode({ sale, staff, saleHref, queueHref, onApprove, nextRef }: WorkModeProps) {
  const staffId = staff.id;
  const [rejecting, setRejecting] = useState(false);
  const open = isOpen(sale);
  const claimedByOther = sale.claim !== null && sale.claim.staff.id !== staffId;
  const request = sale.approval_request ?? null;
  const awaiting = open && request !== null && request.outcome === null;
  const canConfirm = awaiting && staff.role === 'admin' && request.requested_by.id !== staffId;
  const { workable, index, next, previous, goNext, queueBack, more } = useWorkQueue({ sale, staff, saleHref, queueHref });
  useEffect(() => {
    nextRef.current = goNext;
  });
  useSaleClaim(sale, staffId, awaiting);
  useWorkKeys({
    canApprove: awaiting ? canConfirm : open && !claimedByOther,
    canReject: open && !awaiting && !claimedByOther,
    onApprove,
    onReject: () => setRejecting(true),
    nextHref: next && saleHref(next.id),
    previousHref: previous && saleHref(previous.id),
    queueBack,
  });

  return (
    <>
      <WorkBar
        position={index >= 0 ? `${index + 1} of ${workable.length}${more ? '+' : ''}` : 'Work mode'}
        note={
          awaiting && !canConfirm
            ? request.requested_by.id === staffId
              ? 'You asked for this approval: another admin confirms it'
              : 'Waiting for a second approval by an admin'
            : undefined
        }
        decideKeys={canConfirm ? 'confirm' : awaiting ? 'none' : 'decide'}
      />
      {rejecting ? (
        <QuickReject
          sale={sale}
          onClose={() => setRejecting(false)}
          onDone={() => {
            setRejecting(false);
            goNext();
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The queue's sales around this one that I can work (not decided here, not held by someone else,
 * a second approval only if I may confirm it), and where a decision leads.
 */
function useWorkQueue({ sale, staff, saleHref, queueHref }: Pick<WorkModeProps, 'sale' | 'staff' | 'saleHref' | 'queueHref'>) {
  const navigate = useNavigate();
  const staffId = staff.id;
  const filters = useMemo(() => recallDeskFilters(), []);
  // Back to the queue as the reviewer left it: its search and filters, not the whole waiting view.
  const queueBack = deskHref(queueHref, filters);
  const queue = useSalesQueue(filters);
  const waitingView = (filters.status ?? 'pending') === 'pending';
  const secondQueue = useSalesQueue(secondApprovalFilters(filters), { enabled: waitingView && staff.role === 'admin' });
  const rows = useMemo(() => queue.data?.pages.flatMap((page) => page.items) ?? [], [queue.data]);
  const secondRows = useMemo(
    () => (waitingView ? (secondQueue.data?.pages.flatMap((page) => page.items) ?? []) : []),
    [waitingView, secondQueue.data],
  );
  const workable = keyboardRows(secondRows, rows, staff).filter(
    (row) =>
      row.id === sale.id ||
      ((row.status === 'submitted' || row.status === 'under_review') &&
        (row.second_approval || !row.claimed_by || row.claimed_by.id === staffId)),
  );
  const index = workable.findIndex((row) => row.id === sale.id);
  const next = index >= 0 ? workable[index + 1] : workable.find((row) => row.id !== sale.id);
  const previous = index > 0 ? workable[index - 1] : undefined;

  const goNext = () => {
    const target = index >= 0 ? (workable[index + 1] ?? workable[index - 1]) : workable.find((row) => row.id !== sale.id);
    void navigate(target && target.id !== sale.id ? saleHref(target.id) : queueBack);
  };
  return { workable, index, next, previous, goNext, queueBack, more: queue.hasNextPage };
}

/** Claims the sale on opening; gives it back on leaving if it is still mine and undecided. */
function useSaleClaim(sale: AdminSaleDetail, staffId: string, awaiting: boolean) {
  const queryClient = useQueryClient();
  const open = isOpen(sale);
  const claimed = useRef(false);
  useEffect(() => {
    claimed.current = false;
    // Nothing to decide on a sale waiting for a second approval: holding it would only hide it.
    if (!open || sale.claim || awaiting) {
      claimed.current = sale.claim?.staff.id === staffId;
      return;
    }
    claimSale(sale.id)
      .then(() => {
        claimed.current = true;
        void queryClient.invalidateQueries({ queryKey: adminSaleKeys.detail(sale.id) });
      })
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per sale opened
  }, [sale.id]);
  useEffect(() => {
    const id = sale.id;
    return () => {
      const now = queryClient.getQueryData<AdminSaleDetailResponse>(adminSaleKeys.detail(id))?.sale;
      if (claimed.current && now && isOpen(now) && now.claim?.staff.id === staffId) {
        releaseSale(id)
          .catch(() => undefined)
          .finally(() => void queryClient.invalidateQueries({ queryKey: adminSaleKeys.lists() }));
      }
    };
  }, [sale.id, staffId, queryClient]);
}

interface WorkKeys {
  canApprove: boolean;
  canReject: boolean;
  onApprove: () => void;
  onReject: () => void;
  nextHref: string | undefined;
  previousHref: string | undefined;
  queueBack: string;
}

/** a approve, r reject, j next, k previous, z zoom, / search, q queue: except while typing or with a dialog open. */
function useWorkKeys({ canApprove, canReject, onApprove, onReject, nextHref, previousHref, queueBack }: WorkKeys) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (keyBelongsElsewhere(event)) return;
      const key = event.key;
      if (key === 'a' && canApprove) {
        event.preventDefault();
        onApprove();
      } else if (key === 'r' && canReject) {
        event.preventDefault();
        onReject();
      } else if (key === 'j' && nextHref) {
        event.preventDefault();
        void navigate(nextHref);
      } else if (key === 'k' && previousHref) {
        event.preventDefault();
        void navigate(previousHref);
      } else if (key === 'z') {
        event.preventDefault();
        document.querySelector<HTMLButtonElement>('.admin-thumb')?.click();
      } else if (key === '/') {
        event.preventDefault();
        void navigate(queueBack, { state: { focusSearch: true } });
      } else if (key === 'q') {
        event.preventDefault();
        void navigate(queueBack);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
}

/** Where this sale is in the queue, why it waits, and the keys that work on it. */
function WorkBar({
  position,
  note,
  decideKeys,
}: {
  position: string;
  note: string | undefined;
  decideKeys: 'confirm' | 'decide' | 'none';
}) {
  return (
    <div className="work-bar" role="region" aria-label="Work mode">
      <span className="work-bar__pos">{position}</span>
      {note ? <span className="work-bar__note">{note}</span> : null}
      <ul className="work-bar__keys" aria-label="Keyboard shortcuts">
        {decideKeys === 'confirm' ? (
          <li>
            <kbd>a</kbd> confirm
          </li>
        ) : decideKeys === 'none' ? null : (
          <>
            <li>
              <kbd>a</kbd> approve
            </li>
            <li>
              <kbd>r</kbd> reject
            </li>
          </>
        )}
        <li>
          <kbd>j</kbd> next
        </li>
        <li>
          <kbd>k</kbd> previous
        </li>
        <li>
          <kbd>z</kbd> zoom
        </li>
        <li>
          <kbd>/</kbd> search
        </li>
        <li>
          <kbd>q</kbd> queue
        </li>
      </ul>
    </div>
  );
}

/**
 * Reject from the keyboard: the reasons are a radio group (arrows choose), Tab reaches the
 * message, Enter rejects. The dialog shows what the customer will read.
 */
function QuickReject({ sale, onClose, onDone }: { sale: AdminSaleDetail; onClose: () => void; onDone: () => void }) {
  const codes = rejectionCodesFor(sale.kind);
  const [reason, setReason] = useState<SaleRejectionCode | ''>('');
  const [other, setOther] = useState('');
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string>();
  const reject = useRejectSale(sale.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!reason) {
      setFailure('Choose a reason');
      return;
    }
    if (reason === 'other' && !other.trim()) {
      setFailure('Write the reason the customer reads');
      return;
    }
    reject.mutate(
      { reason, other_reason: reason === 'other' ? other.trim() : undefined, message: message.trim() || undefined },
      {
        onSuccess: () => {
          toastSuccess('Rejected. The customer has been told why');
          onDone();
        },
        onError: (error) => setFailure(adminErrorMessage(error, 'Could not reject the sale. Try again')),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Reject this sale"
      description={`${sale.title}. The customer is told at once.`}
      busy={reject.isPending}
    >
      <form className="admin-form" onSubmit={submit} noValidate aria-label="Quick reject">
        <fieldset className="work-reasons">
          <legend className="field__label">Reason</legend>
          {codes.map((code, position) => (
            <label key={code} className="work-reason">
              <input
                type="radio"
                name="quick-reason"
                value={code}
                checked={reason === code}
                onChange={() => setReason(code)}
                autoFocus={position === 0}
              />
              <span>{saleRejectionLabels[code]}</span>
            </label>
          ))}
        </fieldset>
        {reason && reason !== 'other' ? <p className="work-reads">The customer reads: {saleRejectionReasons[reason]}</p> : null}
        {reason === 'other' ? (
          <FormField
            label="Reason the customer reads"
            name="other_reason"
            value={other}
            onChange={(event) => setOther(event.target.value)}
          />
        ) : null}
        <FormField
          label="Message to the customer (optional)"
          name="message"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          maxLength={500}
        />
        {failure ? (
          <p className="admin-alert" role="alert">
            {failure}
          </p>
        ) : null}
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={reject.isPending}>
            Cancel
          </Button>
          <Button type="submit" className="admin-btn--danger" busy={reject.isPending} busyLabel="Rejecting...">
            Reject sale
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
