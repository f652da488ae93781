import { TextField } from '../../../components/ui/text-field';
import { useUpdateDateOfBirth } from '../api/update-date-of-birth';
import { SingleFieldForm } from './single-field-form';

interface DateOfBirthFormProps {
  current: string | null;
  onUpdated: (message: string) => void;
}

export function DateOfBirthForm({ current, onUpdated }: DateOfBirthFormProps) {
  return (
    <SingleFieldForm
      schema={() => import('../form-schemas').then((m) => m.dateOfBirthUpdateSchema)}
      field="date_of_birth"
      defaultValues={{ date_of_birth: current ?? '' }}
      mutation={useUpdateDateOfBirth()}
      failure="Could not update your date of birth. Please try again"
      onUpdated={onUpdated}
    >
      {(field) => (
        <TextField
          label="Date of birth"
          placeholder="YYYY-MM-DD"
          inputMode="numeric"
          autoComplete="bday"
          maxLength={10}
          hint="For example 1994-07-21"
          {...field}
        />
      )}
    </SingleFieldForm>
  );
}
