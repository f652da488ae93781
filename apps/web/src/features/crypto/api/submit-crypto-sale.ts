import { saleResponseSchema, type CryptoSaleFields } from '@wise/shared';
import { uploadWithProgress, type UploadProgress } from '#web/lib/upload-with-progress';

export interface CryptoSaleSubmission {
  fields: CryptoSaleFields;
  /** Already downscaled: the very bytes sent on every retry, so the Idempotency-Key still matches. */
  screenshot: File;
  /** One per submission; a retry of the same submission sends the same key and gets the same sale. */
  idempotencyKey: string;
}

interface SubmitOptions {
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/** The multipart body of POST /api/crypto/sales: `quote_id`, `transaction_id` and `network` when given, one file `screenshot`. */
export function cryptoSaleFormData({ fields, screenshot }: Pick<CryptoSaleSubmission, 'fields' | 'screenshot'>): FormData {
  const body = new FormData();
  body.append('quote_id', fields.quote_id);
  if (fields.transaction_id) body.append('transaction_id', fields.transaction_id);
  if (fields.network) body.append('network', fields.network);
  body.append('screenshot', screenshot, screenshot.name);
  return body;
}

/**
 * POST /api/crypto/sales (multipart, Idempotency-Key) → 201 { sale }. Failures are ApiErrors;
 * 409 QUOTE_EXPIRED carries a fresh quote in `meta`.
 */
export function submitCryptoSale(submission: CryptoSaleSubmission, { signal, onProgress }: SubmitOptions = {}) {
  return uploadWithProgress('/api/crypto/sales', {
    body: cryptoSaleFormData(submission),
    schema: import.meta.env.DEV ? saleResponseSchema : undefined,
    headers: { 'idempotency-key': submission.idempotencyKey },
    signal,
    onProgress,
  });
}
