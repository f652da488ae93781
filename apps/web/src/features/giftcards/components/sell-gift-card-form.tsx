import { useMemo, useState, type ComponentProps } from 'react';
import { Info, TriangleAlert } from 'lucide-react';
import {
  currencySymbol,
  formatCardAmount,
  formatDecimal,
  formatRate,
  limitErrorCodes,
  payoutLimitMessageIn,
  previewValueKobo,
  SALE_CARD_CODE_MAX,
  SALE_COMMENT_MAX,
  SALE_IMAGE_MAX_BYTES,
  SALE_IMAGES_MAX,
  saleMessages,
  sellGiftCardFormTexts,
  type GiftCardDetailResponse,
  type SaleDetail,
  type SubCategory,
  SALE_IMAGE_PICK_TYPES,
} from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { ImagePicker } from '#web/components/ui/image-picker';
import { LimitHint, overLimit } from '#web/components/ui/limit-hint';
import { LimitNotice } from '#web/components/ui/limit-notice';
import { ProgressBar } from '#web/components/ui/progress-bar';
import { Select } from '#web/components/ui/select';
import { TextArea } from '#web/components/ui/text-area';
import { TextField } from '#web/components/ui/text-field';
import { toastError } from '#web/components/ui/toast';
import { ApiError } from '#web/lib/api-client';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useImageAttachments, type AttachmentRules } from '#web/lib/use-image-attachments';
import { useWatch } from '#web/lib/form/use-watch';
import { useLanguage, useTexts, useTranslate } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useSellGiftCard } from '../hooks/use-sell-gift-card';
import type { SaleFormInput } from '../sale-form-schema';
import { ChosenCard } from './chosen-card';
import { outOfBandText } from './sale-value';
import { SaleValue } from './sale-value-panel';
import './giftcards.css';

const imageRules = (messages: typeof saleMessages): AttachmentRules => ({
  max: SALE_IMAGES_MAX,
  maxBytes: SALE_IMAGE_MAX_BYTES,
  types: SALE_IMAGE_PICK_TYPES,
  messages: { tooMany: messages.imagesTooMany, tooLarge: messages.imageTooLarge, notImage: messages.imageNotImage },
});
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
  /** The customer's selling limit today (left out when it could not be read: the server still checks). */
  limit?: { remainingKobo: number; tier: number };
}

/** The form, the photos and the upload, and what a refused or cancelled sale says in place. */
function useSellGiftCardForm({ detail, onSold, limit }: Pick<SellGiftCardFormProps, 'detail' | 'onSold' | 'limit'>) {
  const t = useTexts(sellGiftCardFormTexts);
  const saleText = useTexts(saleMessages);
  const translate = useTranslate();
  const language = useLanguage();
  const { card, subcategories } = detail;
  // The schema module (and zod) arrives at the first tap or key press: see useZodForm.
  const form = useZodForm(() => import('../sale-form-schema').then((m) => m.saleFormSchema(subcategories)), {
    subcategory_id: '',
    amount: '',
    comment: '',
    card_code: '',
  } satisfies SaleFormInput);
  const [subcategoryId, amount] = useWatch({ control: form.control, name: ['subcategory_id', 'amount'] });
  const subcategory = subcategories.find((sub) => sub.id === subcategoryId);
  const images = useImageAttachments(useMemo(() => imageRules(saleText), [saleText]));
  const { sell, cancel, submitting, fraction } = useSellGiftCard();
  const [notice, setNotice] = useState<Notice>();

  const requireImages = () => {
    if (images.items.length > 0) return true;
    images.setError(saleText.imagesRequired);
    return false;
  };

  const valueKobo = subcategory && amount ? previewValueKobo(amount, subcategory.exchange_rate) : undefined;
  const pastLimit = overLimit(limit?.remainingKobo, valueKobo);

  const submit = form.handleSubmit(async (values) => {
    // Past the limit the alert under the amount already says so and the way up; nothing is sent.
    if (pastLimit) {
      form.setFocus('amount');
      return;
    }
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
        // English keeps the server's own words; another language writes them again from the new rate.
        setNotice({
          kind: 'rate',
          text: saleText === saleMessages ? outcome.message : saleText.rateChanged(formatRate(outcome.exchangeRate, chosen.currency)),
        });
        return;
      case 'cancelled':
        setNotice({ kind: 'cancelled', text: t.cancelled });
        return;
      case 'failed': {
        const { error } = outcome;
        // A payout limit says what is left and the way up, in place (docs/features.md, "Verification tiers and limits").
        const limited = error instanceof ApiError && error.code === limitErrorCodes.exceeded;
        const limitText = limited ? (payoutLimitMessageIn(error.body.meta, language) ?? error.message) : undefined;
        toastError(limitText ?? saleText.submitFailed);
        applyFieldErrors(error, form.setError, fieldNames);
        if (error instanceof ApiError) {
          if (limitText) setNotice({ kind: 'limit', text: limitText });
          if (error.fields.images) images.setError(translate(error.fields.images));
          if (error.status === 0) {
            setNotice({ kind: 'dropped', text: t.dropped });
          }
        }
      }
    }
  }, requireImages);

  return { form, subcategory, amount, images, submitting, fraction, cancel, notice, valueKobo, pastLimit, submit };
}

/**
 * docs/product.md §2/§5 the sell form: the card, its sub-category (each with its rate), the amount in the
 * card's currency with the live naira value, photos of the card, a comment, and the card's code
 * for e-code sub-categories. Any failure is docs/product.md §8's toast; a changed rate is shown in place.
 */
export function SellGiftCardForm({ detail, changeCardHref, onSold, limit }: SellGiftCardFormProps) {
  const t = useTexts(sellGiftCardFormTexts);
  // Field errors arrive as the schema's or the server's English words.
  const translate = useTranslate();
  const { card, subcategories } = detail;
  const { form, subcategory, amount, images, submitting, fraction, cancel, notice, valueKobo, pastLimit, submit } = useSellGiftCardForm({
    detail,
    onSold,
    limit,
  });
  const errors = form.formState.errors;
  return (
    <form className="screen__form" onSubmit={submit} noValidate aria-label={t.formLabel(card.name)}>
      <ChosenCard card={card} changeHref={changeCardHref} />
      {limit && !pastLimit ? <LimitHint remainingKobo={limit.remainingKobo} tier={limit.tier} /> : null}
      <Select
        label={t.subcategory}
        placeholder={t.chooseSubcategory}
        wrap
        options={subcategories.map((sub) => ({ value: sub.id, label: `${sub.subcategory} · ${compactRate(sub)}` }))}
        error={errors.subcategory_id?.message && translate(errors.subcategory_id.message)}
        disabled={submitting}
        {...form.field('subcategory_id')}
      />
      <AmountField
        subcategory={subcategory}
        currency={card.currency}
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
      {limit && pastLimit ? <LimitHint remainingKobo={limit.remainingKobo} tier={limit.tier} valueKobo={valueKobo} /> : null}
      {subcategory?.kind === 'ecode' ? (
        <TextField
          label={t.cardCode}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={SALE_CARD_CODE_MAX}
          hint={t.cardCodeHint}
          error={errors.card_code?.message && translate(errors.card_code.message)}
          readOnly={submitting}
          {...form.field('card_code')}
        />
      ) : null}
      <ImagePicker
        label={t.photos}
        items={images.items}
        max={SALE_IMAGES_MAX}
        accept={SALE_IMAGE_PICK_TYPES.join(',')}
        onPick={images.pick}
        onRemove={images.remove}
        error={images.error}
        hint={t.photosHint(SALE_IMAGES_MAX)}
        disabled={submitting}
        inputTestId="sale-images-input"
      />
      <TextArea
        label={t.comment}
        maxLength={SALE_COMMENT_MAX}
        placeholder={t.commentPlaceholder}
        error={errors.comment?.message && translate(errors.comment.message)}
        readOnly={submitting}
        {...form.field('comment')}
      />
      {notice && notice.kind !== 'rate' && notice.kind !== 'limit' ? (
        <p className="sale-notice sale-notice--info" role="status">
          <Info size={18} aria-hidden="true" /> {notice.text}
        </p>
      ) : null}
      <SaleActions submitting={submitting} fraction={fraction} onCancel={cancel} />
    </form>
  );
}

type AmountFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'error'> & {
  subcategory: SubCategory | undefined;
  /** The card's currency, until a sub-category names its own. */
  currency: string;
  /** The schema's or the server's English words. */
  error: string | undefined;
};

/** The amount in the card's currency, with the chosen sub-category's band as its hint. */
function AmountField({ subcategory, currency, error: amountError, ...field }: AmountFieldProps) {
  const t = useTexts(sellGiftCardFormTexts);
  const saleText = useTexts(saleMessages);
  const translate = useTranslate();
  const symbol = currencySymbol(subcategory?.currency ?? currency).trim();
  // The band's message carries figures, so it cannot be looked up as a phrase: it is written again here.
  const amountErrorText =
    amountError && subcategory && amountError === outOfBandText(subcategory, saleMessages)
      ? outOfBandText(subcategory, saleText)
      : amountError && translate(amountError);
  return (
    <TextField
      label={t.amount(symbol)}
      inputMode="decimal"
      autoComplete="off"
      placeholder={t.amountPlaceholder}
      maxLength={13}
      leading={<span className="tabular">{symbol}</span>}
      hint={
        subcategory
          ? t.between(
              formatCardAmount(subcategory.min_amount, subcategory.currency),
              formatCardAmount(subcategory.max_amount, subcategory.currency),
            )
          : undefined
      }
      error={amountErrorText}
      {...field}
    />
  );
}

function SaleActions({ submitting, fraction, onCancel }: { submitting: boolean; fraction: number | undefined; onCancel: () => void }) {
  const t = useTexts(sellGiftCardFormTexts);
  return (
    <div className="screen__actions">
      {submitting ? (
        <ProgressBar
          fraction={fraction}
          label={t.uploading}
          status={fraction !== undefined && fraction >= 1 ? t.checking : undefined}
          action={
            <Button variant="link" onClick={onCancel}>
              {t.cancelUpload}
            </Button>
          }
        />
      ) : null}
      <Button type="submit" busy={submitting} busyLabel={t.submitting}>
        {t.submit}
      </Button>
    </div>
  );
}
