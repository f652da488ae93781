import { saleResponseSchema, type GiftCardSaleFields } from '@wise/shared';
import { uploadWithProgress, type UploadProgress } from '#web/lib/upload-with-progress';

export interface GiftCardSaleSubmission {
  fields: GiftCardSaleFields;
  /** Already downscaled: the very bytes sent on every retry, so the Idempotency-Key still matches. */
  images: readonly File[];
  /** One per submission; a retry of the same submission sends the same key and gets the same sale. */
  idempotencyKey: string;
}

interface SubmitOptions {
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/** The multipart body of POST /api/giftcards/sales: the text fields, then the images in field `images`. */
export function saleFormData({ fields, images }: Pick<GiftCardSaleSubmission, 'fields' | 'images'>): FormData {
  const body = new FormData();
  body.append('subcategory_id', fields.subcategory_id);
  if (fields.gift_card_id) body.append('gift_card_id', fields.gift_card_id);
  body.append('amount', fields.amount);
  body.append('expected_rate', fields.expected_rate);
  if (fields.comment) body.append('comment', fields.comment);
  if (fields.card_code) body.append('card_code', fields.card_code);
  for (const image of images) body.append('images', image, image.name);
  return body;
}

/**
 * POST /api/giftcards/sales (multipart, Idempotency-Key) → 201 { sale }. Failures are ApiErrors:
 * 409 RATE_CHANGED carries the new rate and value in `meta`.
 */
export function submitGiftCardSale(submission: GiftCardSaleSubmission, { signal, onProgress }: SubmitOptions = {}) {
  return uploadWithProgress('/api/giftcards/sales', {
    body: saleFormData(submission),
    schema: import.meta.env.DEV ? saleResponseSchema : undefined,
    headers: { 'idempotency-key': submission.idempotencyKey },
    signal,
    onProgress,
  });
}
