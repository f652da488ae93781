import { useState } from 'react';
import { Info, TriangleAlert } from 'lucide-react';
import {
  currencySymbol,
  formatCardAmount,
  formatDecimal,
  limitErrorCodes,
  SALE_CARD_CODE_MAX,
  SALE_COMMENT_MAX,
  SALE_IMAGE_MAX_BYTES,
  SALE_IMAGES_MAX,
  saleMessages,
  type GiftCardDetailResponse,
  type SaleDetail,
  type SubCategory,
  SALE_IMAGE_PICK_TYPES,
} from '@wise/shared';
import { Button } from '../../../components/ui/button';
import { ImagePicker } from '../../../components/ui/image-picker';
import { LimitNotice } from '../../../components/ui/limit-notice';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Select } from '../../../components/ui/select';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { toastError } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useImageAttachments, type AttachmentRules } from '../../../lib/use-image-attachments';
import { useWatch } from '../../../lib/form/use-watch';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSellGiftCard } from '../hooks/use-sell-gift-card';
import type { SaleFormInput } from '../sale-form-schema';
import { ChosenCard } from './chosen-card';
import { SaleValue } from './sale-value';
import './giftcards.css';

const IMAGE_RULES: AttachmentRules = {
  max: SALE_IMAGES_MAX,
  maxBytes: SALE_IMAGE_MAX_BYTES,
  types: SALE_IMAGE_PICK_TYPES,
  messages: { tooMany: saleMessages.imagesTooMany, tooLarge: saleMessages.imageTooLarge, notImage: saleMessages.imageNotImage },
};
const fieldNames = ['subcategory_id', 'amount', 'comment', 'card_code'] as const;

/** A rate short enough for a closed select on a small phone: ₦1,450/$ (₦1,450.50/$ keeps its kobo). */
function compactRate(sub: SubCategory): string {
  const full = formatDecimal(sub.exchange_rate);
  const naira = full.endsWith('.00') ? formatDecimal(sub.exchange_rate, 0) : full;
  return `₦${naira}/${currencySymbol(sub.currency).trim()}`;
}

type Notice = { kind: 'rate' | 'dropped' | 'cancelled' | 'limit'; text: string };

interface SellGiftCardFormProps {
  detail: GiftCardDetailResponse;
  changeCardHref: string;
  onSold: (sale: SaleDetail) => void;
}

/**
 * docs/product.md §2/§5 the sell form: the card, its sub-category (each with its rate), the amount in the
 * card's currency with the live naira value, photos of the card, a comment, and the card's code
 * for e-code sub-categories. Any failure is docs/product.md §8's toast; a changed rate is shown in place.
 */
export function SellGiftCardForm({ detail, changeCardHref, onSold }: SellGiftCardFormProps) {
  const { card, subcategories } = detail;
  // The schema module (and zod) arrives at the first tap or key press: see useZodForm.
  const form = useZodForm(() => import('../sale-form-schema').then((m) => m.saleFormSchema(subcategories)), { subcategory_id: '', amount: '', comment: '', card_code: '' } satisfies SaleFormInput);
  const [subcategoryId, amount] = useWatch({ control: form.control, name: ['subcategory_id', 'amount'] });
  const subcategory = subcategories.find((sub) => sub.id === subcategoryId);
  const images = useImageAttachments(IMAGE_RULES);
  const { sell, cancel, submitting, fraction } = useSellGiftCard();
  const [notice, setNotice] = useState<Notice>();
  const errors = form.formState.errors;

  const requireImages = () => {
    if (images.items.length > 0) return true;
    images.setError(saleMessages.imagesRequired);
    return false;
  };

  const submit = form.handleSubmit(async (values) => {
    if (!requireImages()) return;
    const chosen = subcategories.find((sub) => sub.id === values.subcategory_id);
    if (!chosen) return;
    setNotice(undefined);
    const files = await images.files();
    const outcome = await sell({
      slug: card.slug,
      fields: {
        subcategory_id: chosen.id,
        gift_card_id: card.id,
        amount: values.amount,
        expected_rate: chosen.exchange_rate,
        comment: values.comment,
        card_code: chosen.kind === 'ecode' ? values.card_code : undefined,
      },
      images: files,
    });
    switch (outcome.kind) {
      case 'sold':
        onSold(outcome.sale);
        return;
      case 'rate-changed':
        setNotice({ kind: 'rate', text: outcome.message });
        return;
      case 'cancelled':
        setNotice({ kind: 'cancelled', text: 'Upload cancelled. Tap Submit when you are ready: it carries on with the same sale.' });
        return;
      case 'failed': {
        const { error } = outcome;
        // A payout limit says what is left and the way up, in place (README, "Verification tiers and limits").
        const limited = error instanceof ApiError && error.code === limitErrorCodes.exceeded;
        toastError(limited ? error.message : saleMessages.submitFailed);
        applyFieldErrors(error, form.setError, fieldNames);
        if (error instanceof ApiError) {
          if (limited) setNotice({ kind: 'limit', text: error.message });
          if (error.fields.images) images.setError(error.fields.images);
          if (error.status === 0) {
            setNotice({
              kind: 'dropped',
              text: 'The connection dropped before your sale was confirmed. Tap Submit again: it carries on with the same sale and never makes a second one.',
            });
          }
        }
      }
    }
  }, requireImages);

  const symbol = currencySymbol(subcategory?.currency ?? card.currency).trim();
  return (
    <form className="screen__form" onSubmit={submit} noValidate aria-label={`Sell ${card.name}`}>
      <ChosenCard card={card} changeHref={changeCardHref} />
      <Select
        label="Sub-category"
        placeholder="Choose a sub-category"
        wrap
        options={subcategories.map((sub) => ({ value: sub.id, label: `${sub.subcategory} · ${compactRate(sub)}` }))}
        error={errors.subcategory_id?.message}
        disabled={submitting}
        {...form.field('subcategory_id')}
      />
      <TextField
        label={`Amount (${symbol})`}
        inputMode="decimal"
        autoComplete="off"
        placeholder="e.g. 100"
        maxLength={13}
        leading={<span className="tabular">{symbol}</span>}
        hint={subcategory ? `Between ${formatCardAmount(subcategory.min_amount, subcategory.currency)} and ${formatCardAmount(subcategory.max_amount, subcategory.currency)}` : undefined}
        error={errors.amount?.message}
        readOnly={submitting}
        {...form.field('amount')}
      />
      {notice?.kind === 'limit' ? <LimitNotice message={notice.text} /> : null}
      {notice?.kind === 'rate' ? (
        <p className="sale-notice sale-notice--rate" role="alert" data-testid="rate-changed">
          <TriangleAlert size={18} aria-hidden="true" /> {notice.text}
        </p>
      ) : null}
      <SaleValue amount={amount} subcategory={subcategory} />
      {subcategory?.kind === 'ecode' ? (
        <TextField
          label="Card code (optional)"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={SALE_CARD_CODE_MAX}
          hint="For e-code cards: the code as it is written on the receipt"
          error={errors.card_code?.message}
          readOnly={submitting}
          {...form.field('card_code')}
        />
      ) : null}
      <ImagePicker
        label="Photos of the card"
        items={images.items}
        max={SALE_IMAGES_MAX}
        accept={SALE_IMAGE_PICK_TYPES.join(',')}
        onPick={images.pick}
        onRemove={images.remove}
        error={images.error}
        hint={`Clear photos of the front and back, up to ${SALE_IMAGES_MAX}, each at most 10 MB`}
        disabled={submitting}
        inputTestId="sale-images-input"
      />
      <TextArea
        label="Comment (optional)"
        maxLength={SALE_COMMENT_MAX}
        placeholder="Anything we should know about this card"
        error={errors.comment?.message}
        readOnly={submitting}
        {...form.field('comment')}
      />
      {notice && notice.kind !== 'rate' && notice.kind !== 'limit' ? (
        <p className="sale-notice sale-notice--info" role="status">
          <Info size={18} aria-hidden="true" /> {notice.text}
        </p>
      ) : null}
      <div className="screen__actions">
        {submitting ? (
          <ProgressBar
            fraction={fraction}
            label="Uploading images"
            status={fraction !== undefined && fraction >= 1 ? 'Checking images...' : undefined}
            action={
              <Button variant="link" onClick={cancel}>
                Cancel upload
              </Button>
            }
          />
        ) : null}
        <Button type="submit" busy={submitting} busyLabel="Submitting...">
          Submit
        </Button>
      </div>
    </form>
  );
}
