import { GIFT_CARD_CURRENCIES, GIFT_CARD_KINDS } from '@wise/shared';
import {
  createSubcategorySchema,
  dutyMessages,
  type AdminGiftCard,
  type AdminSubcategory,
  type CreateSubcategoryInput,
  type StaffRequest,
} from '@wise/shared/admin';
import { useState } from 'react';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { Dialog, DialogActions } from '#web/components/admin/dialog';
import { FormField, FormSelect } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { toastSuccess } from '#web/components/ui/toast';
import { adminErrorMessage } from '#web/lib/admin-api';
import { applyFieldErrors } from '#web/lib/form-errors';
import type { StaffConfirmation } from '#web/lib/staff-confirmation';
import { useZodForm } from '#web/lib/use-zod-form';
import { useCreateSubcategory } from '../api/create-subcategory';
import { useUpdateSubcategory } from '../api/update-subcategory';
import './business.css';

const fieldNames = ['country', 'kind', 'currency', 'min_amount', 'max_amount', 'exchange_rate', 'position'] as const;
const kindOptions = GIFT_CARD_KINDS.map((kind) => ({ value: kind, label: kind === 'ecode' ? 'E-code' : 'Physical' }));
const currencyOptions = GIFT_CARD_CURRENCIES.map((code) => ({ value: code, label: code }));

interface SubcategoryFormDialogProps {
  card: AdminGiftCard;
  /** Absent: a new sub-category of the card. */
  subcategory?: AdminSubcategory;
  onClose: () => void;
}

/** A sub-category: country, kind, currency, the band of card values, the rate, position, enabled. */
export function SubcategoryFormDialog({ card, subcategory, onClose }: SubcategoryFormDialogProps) {
  const create = useCreateSubcategory();
  const update = useUpdateSubcategory();
  const form = useSubcategoryForm(card, subcategory);
  const errors = form.formState.errors;
  const busy = create.isPending || update.isPending;

  const fail = (error: unknown) => {
    applyFieldErrors(error, form.setError, fieldNames);
    form.setError('root', { type: 'server', message: adminErrorMessage(error, 'Could not save the sub-category. Try again') });
  };
  const done = ({ subcategory: saved, rate_request: waiting }: { subcategory: AdminSubcategory; rate_request?: StaffRequest | null }) => {
    toastSuccess(waiting ? `${saved.label} saved. ${dutyMessages.waiting}` : subcategory ? `${saved.label} saved` : `${saved.label} added`);
    onClose();
  };
  // A rate (new or changed) is money: it goes with the admin's own code or passkey (docs/separation-of-duties.md).
  const [withRate, setWithRate] = useState<((confirmation: StaffConfirmation) => Promise<unknown>) | null>(null);
  const submit = form.handleSubmit((values) => {
    if (subcategory) {
      const changes = changedFields(subcategory, values);
      if (Object.keys(changes).length === 0) return onClose();
      if (changes.exchange_rate === undefined) return update.mutate({ id: subcategory.id, changes }, { onSuccess: done, onError: fail });
      setWithRate(
        () => (confirmation: StaffConfirmation) =>
          update.mutateAsync({ id: subcategory.id, changes: { ...changes, ...confirmation } }).then(done),
      );
    } else {
      setWithRate(
        () => (confirmation: StaffConfirmation) =>
          create.mutateAsync({ giftCardId: card.id, values: { ...values, ...confirmation } }).then(done),
      );
    }
  });

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={subcategory ? `Edit ${subcategory.label}` : `Add a sub-category to ${card.name}`}
        busy={busy}
        wide
      >
        <form className="admin-form" onSubmit={submit} noValidate>
          <SubcategoryFields form={form} />
          {errors.root?.message ? (
            <p className="admin-alert" role="alert">
              {errors.root.message}
            </p>
          ) : null}
          <DialogActions>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" busy={busy} busyLabel="Saving...">
              {subcategory ? 'Save sub-category' : 'Add sub-category'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmCodeDialog
        open={withRate !== null}
        onClose={() => setWithRate(null)}
        title="Confirm the rate"
        confirmLabel="Save the rate"
        onConfirm={(confirmation) => (withRate ? withRate(confirmation) : Promise.resolve())}
      />
    </>
  );
}

/** The form, filled from the sub-category being edited, or for a new one in the card's currency at the end of its list. */
function useSubcategoryForm(card: AdminGiftCard, subcategory: AdminSubcategory | undefined) {
  return useZodForm(createSubcategorySchema, {
    country: subcategory?.country ?? '',
    kind: subcategory?.kind ?? 'physical',
    currency: subcategory?.currency ?? card.currency,
    min_amount: subcategory?.min_amount ?? '',
    max_amount: subcategory?.max_amount ?? '',
    exchange_rate: subcategory?.exchange_rate ?? '',
    enabled: subcategory?.enabled ?? true,
    position: subcategory?.position ?? card.subcategories.length,
  });
}

function SubcategoryFields({ form }: { form: ReturnType<typeof useSubcategoryForm> }) {
  const errors = form.formState.errors;
  return (
    <>
      <div className="admin-form-row">
        <FormField label="Country" placeholder="e.g. USA" autoComplete="off" error={errors.country?.message} {...form.field('country')} />
        <FormSelect label="Kind" options={kindOptions} error={errors.kind?.message} {...form.field('kind')} />
        <FormSelect label="Currency" options={currencyOptions} error={errors.currency?.message} {...form.field('currency')} />
      </div>
      <div className="admin-form-row">
        <FormField
          label="Smallest card value"
          inputMode="decimal"
          autoComplete="off"
          placeholder="25"
          error={errors.min_amount?.message}
          {...form.field('min_amount')}
        />
        <FormField
          label="Largest card value"
          inputMode="decimal"
          autoComplete="off"
          placeholder="100"
          error={errors.max_amount?.message}
          {...form.field('max_amount')}
        />
      </div>
      <div className="admin-form-row">
        <FormField
          label="Rate (naira per unit)"
          inputMode="decimal"
          autoComplete="off"
          leading="₦"
          placeholder="1450.00"
          error={errors.exchange_rate?.message}
          hint="What a customer gets for 1 unit of the card's currency"
          {...form.field('exchange_rate')}
        />
        <FormField
          label="Position"
          type="number"
          inputMode="numeric"
          min={0}
          max={999}
          error={errors.position?.message}
          hint="Lower comes first in the customer's list"
          {...form.register('position', { valueAsNumber: true, onChange: () => form.clearErrors('position') })}
        />
      </div>
      <label className="biz-check">
        <input type="checkbox" {...form.field('enabled')} />
        <span>Enabled — customers can choose this sub-category</span>
      </label>
    </>
  );
}

type SubcategoryValues = { [K in keyof CreateSubcategoryInput]-?: Exclude<CreateSubcategoryInput[K], undefined> };

/** Only what changed goes to the server, so an unchanged rate writes no rate-history line. */
function changedFields(before: AdminSubcategory, after: CreateSubcategoryInput): Partial<SubcategoryValues> {
  const changes: Partial<Record<keyof SubcategoryValues, unknown>> = {};
  for (const key of Object.keys(after) as (keyof SubcategoryValues)[]) {
    if (key === 'confirm_code' || key === 'confirm_passkey') continue;
    const next = after[key];
    if (next !== undefined && next !== before[key]) changes[key] = next;
  }
  return changes as Partial<SubcategoryValues>;
}
