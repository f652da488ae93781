import { useState } from 'react';
import { Download, FileText, Share2 } from 'lucide-react';
import { receiptActionTexts, receiptTexts, type AnyTransactionDetailResponse } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { toastError } from '#web/components/ui/toast';
import { useBusinessTimeZone } from '#web/lib/business-time-zone';
import { useTexts } from '#web/lib/i18n';
import './transactions.css';

/** Whether this browser can hand a PNG to the phone's share sheet (else the image is downloaded). */
function canShareImages(): boolean {
  try {
    return typeof navigator.canShare === 'function' && navigator.canShare({ files: [new File([], 'receipt.png', { type: 'image/png' })] });
  } catch {
    return false;
  }
}

/**
 * The receipt of a transaction, in any status: an image drawn on the phone (shared or saved) and a
 * PDF from the server. The image code is fetched on the first tap, not with the screen.
 */
export function ReceiptActions({ detail }: { detail: AnyTransactionDetailResponse['transaction'] }) {
  const t = useTexts(receiptActionTexts);
  const receipt = useTexts(receiptTexts);
  const timeZone = useBusinessTimeZone();
  const [busy, setBusy] = useState(false);
  const [share] = useState(canShareImages);

  const makeImage = async () => {
    if (!timeZone) return;
    setBusy(true);
    try {
      const { shareOrSaveReceipt } = await import('../receipt/receipt-png');
      await shareOrSaveReceipt(detail, timeZone);
    } catch {
      toastError(receipt.imageFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="tx-detail__section" aria-labelledby="tx-receipt">
      <h2 id="tx-receipt" className="tx-detail__heading">
        {t.heading}
      </h2>
      <div className="tx-receipt">
        <Button
          variant="secondary"
          onClick={() => void makeImage()}
          busy={busy}
          busyLabel={receipt.preparing}
          disabled={!timeZone}
          data-testid="receipt-image"
        >
          {share ? <Share2 size={18} aria-hidden="true" /> : <Download size={18} aria-hidden="true" />}
          {share ? receipt.shareImage : receipt.saveImage}
        </Button>
        <a
          className="btn btn--secondary"
          href={`/api/transactions/${encodeURIComponent(detail.id)}/receipt.pdf`}
          download
          data-testid="receipt-pdf"
        >
          <FileText size={18} aria-hidden="true" />
          {receipt.downloadPdf}
        </a>
      </div>
    </section>
  );
}
