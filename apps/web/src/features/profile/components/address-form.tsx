import { TextField } from '../../../components/ui/text-field';
import { useUpdateAddress } from '../api/update-address';
import { SingleFieldForm } from './single-field-form';

interface AddressFormProps {
  current: string | null;
  onUpdated: (message: string) => void;
}

export function AddressForm({ current, onUpdated }: AddressFormProps) {
  return (
    <SingleFieldForm
      schema={() => import('../form-schemas').then((m) => m.addressUpdateSchema)}
      field="address"
      defaultValues={{ address: current ?? '' }}
      mutation={useUpdateAddress()}
      failure="Could not update your address. Please try again"
      onUpdated={onUpdated}
    >
      {(field) => <TextField label="Address" autoComplete="street-address" placeholder="House number, street, city" {...field} />}
    </SingleFieldForm>
  );
}
