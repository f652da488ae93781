import { GIFT_CARD_CURRENCIES } from '@wise/shared';
import { createGiftCardSchema, type AdminGiftCard } from '@wise/shared/admin';
import { Dialog, DialogActions } from '#web/components/admin/dialog';
import { FormField, FormSelect } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { toastSuccess } from '#web/components/ui/toast';
import { adminErrorMessage } from '#web/lib/admin-api';
import { Controller } from '#web/lib/form/controller';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useZodForm } from '#web/lib/use-zod-form';
import { useCreateGiftCard } from '../api/create-gift-card';
import { useUpdateGiftCard } from '../api/update-gift-card';
import './business.css';
import './gift-cards.css';

const fieldNames = ['name', 'currency', 'brand_color'] as const;
const currencyOptions = GIFT_CARD_CURRENCIES.map((code) => ({ value: code, label: code }));

interface GiftCardFormDialogProps {
  /** Absent: a new card. */
  card?: AdminGiftCard;
  onClose: () => void;
  onSaved?: (card: AdminGiftCard) => void;
}

/**
 * Add a card or edit one: name, currency, brand colour (of the drawn artwork), enabled. A card's
 * currency stays once it exists (its bands and sales are in it), so editing shows it read-only.
 */
export function GiftCardFormDialog({ card, onClose, onSaved }: GiftCardFormDialogProps) {
  const create = useCreateGiftCard();
  const update = useUpdateGiftCard();
  const form = useZodForm(createGiftCardSchema, {
    name: card?.name ?? '',
    currency: card?.currency ?? 'USD',
    brand_color: card?.brand_color ?? '#3b2bd6',
    enabled: card?.enabled ?? true,
  });
  const errors = form.formState.errors;
  const busy = create.isPending || update.isPending;
  const rootError = errors.root?.message;

  const fail = (error: unknown) => {
    applyFieldErrors(error, form.setError, fieldNames);
    form.setError('root', { type: 'server', message: adminErrorMessage(error, 'Could not save the card. Try again') });
  };
  const done = ({ card: saved }: { card: AdminGiftCard }) => {
    toastSuccess(card ? `${saved.name} saved` : `${saved.name} added`);
    onSaved?.(saved);
    onClose();
  };
  const submit = form.handleSubmit((values) => {
    if (card) {
      update.mutate(
        { id: card.id, changes: { name: values.name, brand_color: values.brand_color, enabled: values.enabled } },
        { onSuccess: done, onError: fail },
      );
    } else {
      create.mutate(values, { onSuccess: done, onError: fail });
    }
  });

  return (
    <Dialog open onClose={onClose} title={card ? `Edit ${card.name}` : 'Add a gift card'} busy={busy}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <FormField label="Card name" autoComplete="off" placeholder="e.g. Amazon" error={errors.name?.message} {...form.field('name')} />
        <div className="admin-form-row">
          {card ? (
            // A disabled control would drop the currency from the values: shown read-only instead.
            <FormField label="Currency" value={card.currency} readOnly hint="Fixed once the card exists" />
          ) : (
            <FormSelect label="Currency" options={currencyOptions} error={errors.currency?.message} {...form.field('currency')} />
          )}
          <Controller
            control={form.control}
            name="brand_color"
            render={({ field }) => (
              <div className="biz-color">
                <FormField
                  label="Brand colour"
                  autoComplete="off"
                  error={errors.brand_color?.message}
                  hint="The drawn artwork's colour"
                  name={field.name}
                  ref={field.ref}
                  value={field.value ?? ''}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    form.clearErrors('brand_color');
                  }}
                />
                <input
                  type="color"
                  className="biz-color__picker"
                  aria-label="Pick the brand colour"
                  value={/^#[0-9a-fA-F]{6}$/.test(field.value ?? '') ? field.value : '#3b2bd6'}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    form.clearErrors('brand_color');
                  }}
                />
              </div>
            )}
          />
        </div>
        <label className="biz-check">
          <input type="checkbox" {...form.field('enabled')} />
          <span>Enabled — customers can sell this card</span>
        </label>
        {rootError ? (
          <p className="admin-alert" role="alert">
            {rootError}
          </p>
        ) : null}
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} busyLabel="Saving...">
            {card ? 'Save card' : 'Add card'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
