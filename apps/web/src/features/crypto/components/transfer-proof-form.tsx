import { useMemo, useState } from 'react';
import { Info } from 'lucide-react';
import {
  CRYPTO_SALE_SCREENSHOTS,
  CRYPTO_TRANSACTION_ID_MAX,
  cryptoErrorCodes,
  cryptoMessages,
  defaultLanguage,
  limitErrorCodes,
  SALE_IMAGE_MAX_BYTES,
  saleMessages,
  transferProofFormTexts,
  type CryptoNetworkId,
  type Language,
  type Quote,
  type SaleDetail,
  SALE_IMAGE_PICK_TYPES,
} from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { ImagePicker } from '#web/components/ui/image-picker';
import { LimitNotice } from '#web/components/ui/limit-notice';
import { ProgressBar } from '#web/components/ui/progress-bar';
import { TextField } from '#web/components/ui/text-field';
import { toastError } from '#web/components/ui/toast';
import { ApiError } from '#web/lib/api-client';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useImageAttachments, type AttachmentRules } from '#web/lib/use-image-attachments';
import { useZodForm } from '#web/lib/use-zod-form';
import { useSellCrypto } from '../hooks/use-sell-crypto';
import { useLanguage, useTexts, useTranslate } from '#web/lib/i18n';
import './crypto.css';

/** docs/product.md §5: one screenshot. */
const screenshotRules = (messages: typeof saleMessages): AttachmentRules => ({
  max: CRYPTO_SALE_SCREENSHOTS,
  maxBytes: SALE_IMAGE_MAX_BYTES,
  types: SALE_IMAGE_PICK_TYPES,
  messages: { tooMany: messages.screenshotTooMany, tooLarge: messages.screenshotTooLarge, notImage: messages.screenshotNotImage },
});

interface TransferProofFormProps {
  quote: Quote;
  /** The network the coins were sent on: its transaction IDs are the ones taken, and the sale records it. */
  network: CryptoNetworkId;
  /** False while the quote has expired or a new value awaits confirmation: nothing is submitted then. */
  canSubmit: boolean;
  onSold: (sale: SaleDetail) => void;
  /** The server refused the expired quote and handed a fresh one: show it for confirmation. */
  onQuoteExpired: (fresh: Quote) => void;
}

type ProofProps = Pick<TransferProofFormProps, 'quote' | 'network' | 'onSold' | 'onQuoteExpired'>;

/** A payout limit's refusal in the customer's language, or undefined for any other failure. */
async function limitTextOf(error: unknown, language: Language): Promise<string | undefined> {
  // A payout limit says what is left and the way up, in place (docs/features.md, "Verification tiers and limits").
  if (!(error instanceof ApiError) || error.code !== limitErrorCodes.exceeded) return undefined;
  // Another language writes the refusal again from its meta; that code is fetched only now (the screen's budget).
  const translated =
    language !== defaultLanguage
      ? await import('../limit-message').then(
          (m) => m.payoutLimitMessageIn(error.body.meta, language),
          () => undefined,
        )
      : undefined;
  return translated ?? error.message;
}

/** The form, the screenshot and the upload, and what a refused submission says in place. */
function useTransferProof({ quote, network, onSold, onQuoteExpired }: ProofProps) {
  // The chosen network decides which IDs are taken; a pasted explorer link leaves the schema as
  // the ID it holds (docs/identifiers.md), and that is what is sent.
  const form = useZodForm(() => import('../form-schemas').then((m) => m.cryptoSaleFieldsSchemaFor(quote.coin, network)), {
    quote_id: quote.id,
    transaction_id: '',
  });
  const t = useTexts(transferProofFormTexts);
  const saleText = useTexts(saleMessages);
  const cryptoText = useTexts(cryptoMessages);
  const translate = useTranslate();
  const language = useLanguage();
  const screenshot = useImageAttachments(useMemo(() => screenshotRules(saleText), [saleText]));
  const { sell, cancel, submitting, fraction } = useSellCrypto();
  const [notice, setNotice] = useState<string>();
  const [limitNotice, setLimitNotice] = useState<string>();

  const requireScreenshot = () => {
    if (screenshot.items.length > 0) return true;
    screenshot.setError(saleText.screenshotRequired);
    return false;
  };

  const submit = form.handleSubmit(async (values) => {
    if (!requireScreenshot()) return;
    setNotice(undefined);
    setLimitNotice(undefined);
    const [file] = await screenshot.files();
    if (!file) return;
    // The quote on screen, not the one the form started with: it may have been renewed meanwhile.
    const outcome = await sell({ quote, fields: { ...values, quote_id: quote.id, network }, screenshot: file });
    switch (outcome.kind) {
      case 'sold':
        onSold(outcome.sale);
        return;
      case 'quote-expired':
        onQuoteExpired(outcome.quote);
        return;
      case 'cancelled':
        setNotice(t.cancelled);
        return;
      case 'failed': {
        const { error } = outcome;
        const limitText = await limitTextOf(error, language);
        toastError(limitText ?? saleText.submitFailed);
        applyFieldErrors(error, form.setError, ['transaction_id']);
        if (error instanceof ApiError) {
          if (limitText) setLimitNotice(limitText);
          if (error.fields.screenshot) screenshot.setError(translate(error.fields.screenshot));
          // One quote sells once: this one already did (from another tab, or before a reload).
          if (error.code === cryptoErrorCodes.quoteUsed) setNotice(cryptoText.quoteUsed);
          if (error.status === 0) {
            setNotice(t.dropped);
          }
        }
      }
    }
  }, requireScreenshot);

  return { form, screenshot, submit, cancel, submitting, fraction, notice, limitNotice };
}

/**
 * docs/product.md §2 walletaddress/confirm: one screenshot of the transfer and an optional transaction ID,
 * uploaded with progress (downscaled first) under one Idempotency-Key per submission.
 */
export function TransferProofForm({ canSubmit, ...props }: TransferProofFormProps) {
  const t = useTexts(transferProofFormTexts);
  const translate = useTranslate();
  const { form, screenshot, submit, cancel, submitting, fraction, notice, limitNotice } = useTransferProof(props);

  return (
    <form className="screen__form" onSubmit={submit} noValidate aria-label={t.label}>
      <ImagePicker
        label={t.screenshot}
        items={screenshot.items}
        max={CRYPTO_SALE_SCREENSHOTS}
        accept={SALE_IMAGE_PICK_TYPES.join(',')}
        onPick={screenshot.pick}
        onRemove={screenshot.remove}
        error={screenshot.error}
        hint={t.screenshotHint}
        disabled={submitting}
        inputTestId="crypto-screenshot-input"
      />
      <TextField
        label={t.transactionId}
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={CRYPTO_TRANSACTION_ID_MAX}
        hint={t.transactionIdHint}
        error={form.formState.errors.transaction_id?.message && translate(form.formState.errors.transaction_id.message)}
        readOnly={submitting}
        {...form.field('transaction_id')}
      />
      {limitNotice ? <LimitNotice message={limitNotice} /> : null}
      {notice ? (
        <p className="crypto-notice" role="status">
          <Info size={18} aria-hidden="true" /> {notice}
        </p>
      ) : null}
      <div className="screen__actions">
        {submitting ? (
          <ProgressBar
            fraction={fraction}
            label={t.uploading}
            status={fraction !== undefined && fraction >= 1 ? t.checking : undefined}
            action={
              <Button variant="link" onClick={cancel}>
                {t.cancelUpload}
              </Button>
            }
          />
        ) : null}
        <Button type="submit" disabled={!canSubmit} busy={submitting} busyLabel={t.submitting}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
