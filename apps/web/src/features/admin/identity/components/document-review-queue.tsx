import { useState, type FormEvent } from 'react';
import { DOCUMENT_REJECT_REASON_MAX, kycTierTexts, type KycTier } from '@wise/shared';
import { documentReviewTexts as t, imagesDeletedTexts, rejectDocumentBodySchema, type AdminDocumentReview } from '@wise/shared/admin';
import { Facts, Panel } from '#web/components/admin/admin-layout';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { Dialog, DialogActions } from '#web/components/admin/dialog';
import { FormTextArea } from '#web/components/admin/form-fields';
import { CompareViewer } from '#web/components/admin/compare-viewer';
import { DeletedImages, ImageViewer } from '#web/components/admin/image-viewer';
import { Badge } from '#web/components/admin/status-badge';
import { Button } from '#web/components/ui/button';
import { DateTime } from '#web/components/ui/date-time';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { adminErrorMessage } from '#web/lib/admin-api';
import { documentImageUrl, useDecideDocument, usePendingDocuments } from '../api/identity-documents';
import './document-review-queue.css';

const SIDES = ['front', 'back', 'selfie'] as const;
/** The face on the ID beside the face in the selfie. */
const COMPARED = ['front', 'selfie'] as const;

function Verdict({ verdict }: { verdict: AdminDocumentReview['verdict'] }) {
  if (!verdict) return <Badge tone="pending">{t.pendingVerdict}</Badge>;
  const tone = verdict.kind === 'match' ? 'success' : verdict.kind === 'no_match' ? 'danger' : 'warning';
  return (
    <Badge tone={tone} title={verdict.summary ?? undefined}>
      {t.verdictLabels[verdict.kind]}
      {verdict.score === null ? '' : ` · ${verdict.score}%`}
    </Badge>
  );
}

/**
 * The Tier 2 queue (docs/features.md, "Identity verification"): each request with the Tier 1 name and date
 * of birth and the provider's verdict; the images load only when asked for (every load is audited);
 * approve with the authenticator code, or reject with a reason the customer reads.
 */
export function DocumentReviewQueue() {
  const queue = usePendingDocuments();
  const { approve, reject } = useDecideDocument();
  const [shown, setShown] = useState<Set<string>>(new Set());
  const [comparing, setComparing] = useState<AdminDocumentReview | null>(null);
  const [approving, setApproving] = useState<AdminDocumentReview | null>(null);
  const [rejecting, setRejecting] = useState<AdminDocumentReview | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();

  if (queue.isPending) return <p role="status">Loading…</p>;
  if (queue.isError) return <p role="alert">Could not load the ID reviews. Try again.</p>;
  const items = queue.data.items;

  const submitReject = async (event: FormEvent) => {
    event.preventDefault();
    if (!rejecting) return;
    const parsed = rejectDocumentBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await reject.mutateAsync({ id: rejecting.id, reason: parsed.data.reason });
      toastSuccess(`${rejecting.customer.full_name}: ID rejected`);
      setRejecting(null);
    } catch (error) {
      toastError(adminErrorMessage(error));
    }
  };

  return (
    <>
      <Panel title={`Waiting (${items.length})`}>
        {items.length === 0 ? (
          <p>{t.empty}</p>
        ) : (
          <ul className="admin-list">
            {items.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                imagesShown={shown.has(review.id)}
                onShowImages={() => setShown((set) => new Set(set).add(review.id))}
                onCompare={() => setComparing(review)}
                onApprove={() => setApproving(review)}
                onReject={() => {
                  setRejecting(review);
                  setReason('');
                  setReasonError(undefined);
                }}
              />
            ))}
          </ul>
        )}
      </Panel>

      {comparing ? (
        <CompareViewer
          label={`${comparing.customer.full_name}: the ID and the selfie`}
          images={COMPARED.map((side) => ({ src: documentImageUrl(comparing.id, side), alt: t.imageAlt[side] }))}
          onClose={() => setComparing(null)}
        />
      ) : null}

      <ApproveDocumentDialog review={approving} approve={approve} onClose={() => setApproving(null)} />

      <Dialog
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t.reject}
        description={rejecting?.customer.full_name}
        busy={reject.isPending}
      >
        <form className="admin-form" onSubmit={(event) => void submitReject(event)} noValidate aria-label={t.reject}>
          <FormTextArea
            label={t.reasonLabel}
            value={reason}
            maxLength={DOCUMENT_REJECT_REASON_MAX}
            error={reasonError}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(undefined);
            }}
          />
          <DialogActions>
            <Button type="button" variant="secondary" onClick={() => setRejecting(null)}>
              Cancel
            </Button>
            <Button type="submit" busy={reject.isPending} busyLabel="Rejecting...">
              {t.reject}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

/** One request: who, what their BVN or NIN says, the provider's verdict, the images on request, and the decision buttons. */
function ReviewItem({
  review,
  imagesShown,
  onShowImages,
  onCompare,
  onApprove,
  onReject,
}: {
  review: AdminDocumentReview;
  imagesShown: boolean;
  onShowImages: () => void;
  onCompare: () => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <li className="document-review" data-testid="document-review">
      <h3>
        {review.customer.full_name} · @{review.customer.username} <Verdict verdict={review.verdict} />
      </h3>
      <Facts
        rows={[
          ['Sent', <DateTime iso={review.submitted_at} />],
          ['Tier now', kycTierTexts[review.customer.tier as KycTier]?.name ?? String(review.customer.tier)],
          ['Name on BVN/NIN', review.verified ? review.verified.name : '—'],
          ['Date of birth on BVN/NIN', review.verified ? review.verified.date_of_birth : '—'],
          ['Provider says', review.verdict?.summary ?? t.pendingVerdict],
        ]}
      />
      {!review.images_available ? (
        // Deleted with the account or after the retention period: said in their place, never a broken image.
        <DeletedImages count={SIDES.length} text={imagesDeletedTexts[review.images_deleted ?? 'retention']} />
      ) : imagesShown ? (
        <>
          <ImageViewer
            label="ID document"
            images={SIDES.map((side) => ({ src: documentImageUrl(review.id, side), alt: t.imageAlt[side] }))}
          />
          <Button type="button" variant="secondary" onClick={onCompare}>
            Compare the ID and the selfie side by side
          </Button>
        </>
      ) : (
        <Button type="button" variant="secondary" onClick={onShowImages}>
          Show the ID and selfie (the view is logged)
        </Button>
      )}
      <div className="document-review__actions">
        <Button type="button" onClick={onApprove}>
          {t.approve}
        </Button>
        <Button type="button" variant="secondary" onClick={onReject}>
          {t.reject}
        </Button>
      </div>
    </li>
  );
}

/** Tier 2 with the authenticator code: what the customer gains is said before. */
function ApproveDocumentDialog({
  review,
  approve,
  onClose,
}: {
  review: AdminDocumentReview | null;
  approve: ReturnType<typeof useDecideDocument>['approve'];
  onClose: () => void;
}) {
  return (
    <ConfirmCodeDialog
      open={review !== null}
      onClose={onClose}
      title={t.approve}
      description={review ? `${review.customer.full_name} becomes ${kycTierTexts[2].name} and gets the highest payout limits.` : undefined}
      confirmLabel={t.approve}
      busyLabel="Approving..."
      onConfirm={async (confirmation) => {
        if (!review) return;
        await approve.mutateAsync({ id: review.id, confirmation });
        toastSuccess(`${review.customer.full_name} is now on Tier 2`);
        onClose();
      }}
    />
  );
}
