import { addressFormTexts } from '@wise/shared';
import { TextField } from '#web/components/ui/text-field';
import { useTexts } from '#web/lib/i18n';
import { useUpdateAddress } from '../api/update-address';
import { SingleFieldForm } from './single-field-form';

interface AddressFormProps {
  current: string | null;
  onUpdated: (message: string) => void;
}

export function AddressForm({ current, onUpdated }: AddressFormProps) {
  const t = useTexts(addressFormTexts);
  return (
    <SingleFieldForm
      schema={() => import('../form-schemas').then((m) => m.addressUpdateSchema)}
      field="address"
      defaultValues={{ address: current ?? '' }}
      mutation={useUpdateAddress()}
      failure={t.failed}
      onUpdated={onUpdated}
    >
      {(field) => <TextField label={t.label} autoComplete="street-address" placeholder={t.placeholder} {...field} />}
    </SingleFieldForm>
  );
}
