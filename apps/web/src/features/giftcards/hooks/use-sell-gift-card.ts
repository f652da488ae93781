import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saleErrorCodes, type GiftCardDetailResponse, type GiftCardSaleFields, type RateChangedMeta, type SaleDetail } from '@wise/shared';
import { ApiError } from '#web/lib/api-client';
import { newIdempotencyKey } from '#web/lib/idempotency';
import { withRate } from '../api/get-gift-card';
import { giftCardKeys } from '../api/keys';

const loadSubmit = () => import('../api/submit-gift-card-sale');
const PREFETCH_DELAY_MS = 2_000;

interface SellInput {
  slug: string;
  fields: GiftCardSaleFields;
  images: readonly File[];
}

export type SellOutcome =
  | { kind: 'sold'; sale: SaleDetail }
  /** The rate moved: it is updated in place; the customer checks the new value and submits again. */
  | { kind: 'rate-changed'; message: string; exchangeRate: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: unknown };

/**
 * What one submission is: the fields and the exact image files. The same submission sent again
 * (after a dropped connection or a cancel) carries the same Idempotency-Key, so the server answers
 * with the first sale instead of making a second; a changed form is a new submission with a new key.
 */
function fingerprint({ slug, fields, images }: SellInput, fileIds: WeakMap<File, number>, nextFileId: () => number): string {
  const ids = images.map((file) => {
    let id = fileIds.get(file);
    if (id === undefined) {
      id = nextFileId();
      fileIds.set(file, id);
    }
    return id;
  });
  return JSON.stringify([
    slug,
    fields.subcategory_id,
    fields.gift_card_id,
    fields.amount,
    fields.expected_rate,
    fields.comment,
    fields.card_code,
    ids,
  ]);
}

/**
 * The `meta` of a 409 RATE_CHANGED, checked as `rateChangedMetaSchema` would (a string rate, an
 * integer value) but by hand: the sell screen must not download zod to be drawn (the JavaScript budgets, docs/PERFORMANCE.md).
 */
export function rateChangedMeta(meta: unknown): RateChangedMeta | undefined {
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return undefined;
  const { exchange_rate, value_kobo } = meta as Record<string, unknown>;
  if (typeof exchange_rate !== 'string' || typeof value_kobo !== 'number' || !Number.isSafeInteger(value_kobo)) return undefined;
  return { exchange_rate, value_kobo };
}

/** Submits a sale with upload progress and cancel, one Idempotency-Key per submission. */
export function useSellGiftCard() {
  const queryClient = useQueryClient();
  const [fraction, setFraction] = useState<number>();
  const controller = useRef<AbortController | null>(null);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const fileIds = useRef(new WeakMap<File, number>());
  const fileCounter = useRef(0);

  // The upload code is fetched when the screen has settled, not with it: the sell screen is a
  // Lighthouse key screen (docs/PERFORMANCE.md) and nothing of it is needed to draw the form.
  useEffect(() => {
    const timer = setTimeout(() => void loadSubmit().catch(() => undefined), PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const mutation = useMutation({
    mutationFn: async ({ input, key, signal }: { input: SellInput; key: string; signal: AbortSignal }) => {
      const { submitGiftCardSale } = await loadSubmit();
      return submitGiftCardSale(
        { fields: input.fields, images: input.images, idempotencyKey: key },
        { signal, onProgress: (p) => setFraction(p.fraction) },
      );
    },
  });

  const sell = useCallback(
    async (input: SellInput): Promise<SellOutcome> => {
      const print = fingerprint(input, fileIds.current, () => (fileCounter.current += 1));
      if (attempt.current?.fingerprint !== print) attempt.current = { fingerprint: print, key: newIdempotencyKey() };
      controller.current = new AbortController();
      setFraction(0);
      try {
        const { sale } = await mutation.mutateAsync({ input, key: attempt.current.key, signal: controller.current.signal });
        attempt.current = null;
        return { kind: 'sold', sale };
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'cancelled' };
        if (error instanceof ApiError && error.code === saleErrorCodes.rateChanged) {
          const meta = rateChangedMeta(error.body.meta);
          if (meta) {
            queryClient.setQueryData<GiftCardDetailResponse>(giftCardKeys.detail(input.slug), (detail) =>
              detail ? withRate(detail, input.fields.subcategory_id, meta.exchange_rate) : detail,
            );
            return { kind: 'rate-changed', message: error.message, exchangeRate: meta.exchange_rate };
          }
        }
        return { kind: 'failed', error };
      } finally {
        controller.current = null;
        setFraction(undefined);
      }
    },
    [mutation, queryClient],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { sell, cancel, submitting: mutation.isPending, fraction };
}
