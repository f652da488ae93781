import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { billErrorCodes, billMessages, checkoutSheetTexts, type BillOrder, type CreateBillOrderInput } from '@wise/shared';
import { BottomSheet, SheetRow } from '#web/components/ui/bottom-sheet';
import { Button } from '#web/components/ui/button';
import { toastError } from '#web/components/ui/toast';
import { billHrefs } from '#web/config/paths';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { useTexts, useTranslate } from '#web/lib/i18n';
import { newIdempotencyKey } from '#web/lib/idempotency';
import { useCreateBillOrder } from '../api/create-order';
import './bills.css';

export interface CheckoutRow {
  label: string;
  value: ReactNode;
}

interface CheckoutSheetProps {
  /** The order to create; the sheet is open while it is set. */
  input: CreateBillOrderInput | undefined;
  rows: readonly CheckoutRow[];
  onClose: () => void;
  /** A data or TV plan's price moved since the list was fetched: the screen refreshes its plans. */
  onPriceChanged?: () => void;
}

/**
 * The checkout sheet (docs/look.md): summary rows, then 'Purchase' creates the order and the PIN screen
 * takes over. One Idempotency-Key per opening: a retried tap gets the same order.
 */
export function CheckoutSheet({ input, rows, onClose, onPriceChanged }: CheckoutSheetProps) {
  const t = useTexts(checkoutSheetTexts);
  const open = input !== undefined;
  return (
    <BottomSheet open={open} onClose={onClose} title={t.title}>
      {input ? <CheckoutBody input={input} rows={rows} onClose={onClose} onPriceChanged={onPriceChanged} /> : null}
    </BottomSheet>
  );
}

function CheckoutBody({ input, rows, onClose, onPriceChanged }: CheckoutSheetProps & { input: CreateBillOrderInput }) {
  const t = useTexts(checkoutSheetTexts);
  const messages = useTexts(billMessages);
  const translate = useTranslate();
  const navigate = useNavigate();
  const create = useCreateBillOrder();
  // Mounted once per opening of the sheet, so each opening has its own key.
  const [idempotencyKey] = useState(newIdempotencyKey);

  const purchase = () =>
    create.mutate(
      { input, idempotencyKey },
      {
        onSuccess: ({ order }: { order: BillOrder }) => void navigate(billHrefs.pin(order.kind, order.id)),
        onError: (error) => {
          if (error instanceof ApiError && error.code === billErrorCodes.planPriceChanged) {
            const amount = error.body.meta?.amount;
            toastError(typeof amount === 'number' ? messages.planPriceChanged(amount) : translate(error.message));
            onClose();
            onPriceChanged?.();
            return;
          }
          const fieldError = error instanceof ApiError ? Object.values(error.fields)[0] : undefined;
          toastError(translate(fieldError ?? errorMessage(error, t.failed)));
        },
      },
    );

  return (
    <>
      <dl className="bills-sheet__rows">
        {rows.map((row) => (
          <SheetRow key={row.label} label={row.label} value={row.value} />
        ))}
      </dl>
      <Button className="bills-sheet__action" onClick={purchase} busy={create.isPending} busyLabel={t.purchasing}>
        {t.purchase}
      </Button>
    </>
  );
}
