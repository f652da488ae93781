import { pinFormTexts } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { PinField } from '#web/components/ui/code-field';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';

interface NewPinFormProps {
  /** Four valid digits were typed; nothing is sent until they are confirmed. */
  onChosen: (pin: string) => void;
}

/** The new PIN's four boxes; an invalid entry empties them. */
export function NewPinForm({ onChosen }: NewPinFormProps) {
  const t = useTexts(pinFormTexts);
  const form = useZodForm(() => import('../form-schemas').then((m) => m.pinEntrySchema), { pin: '' });
  const submit = form.handleSubmit(
    ({ pin }) => onChosen(pin),
    () => form.setValue('pin', ''),
  );
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <PinField
        control={form.control}
        name="pin"
        label={t.newLabel}
        error={form.formState.errors.pin?.message}
        onEdit={() => form.clearErrors('pin')}
      />
      <div className="screen__actions">
        <Button type="submit">{t.continue}</Button>
      </div>
    </form>
  );
}
