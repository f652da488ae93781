import { calendarDate, dateOfBirthFormTexts, DOB_MIN } from '@wise/shared';
import { TextField } from '#web/components/ui/text-field';
import { useTexts } from '#web/lib/i18n';
import { useUpdateDateOfBirth } from '../api/update-date-of-birth';
import { SingleFieldForm } from './single-field-form';

interface DateOfBirthFormProps {
  current: string | null;
  onUpdated: (message: string) => void;
}

export function DateOfBirthForm({ current, onUpdated }: DateOfBirthFormProps) {
  const t = useTexts(dateOfBirthFormTexts);
  return (
    <SingleFieldForm
      schema={() => import('../form-schemas').then((m) => m.dateOfBirthUpdateSchema)}
      field="date_of_birth"
      defaultValues={{ date_of_birth: current ?? '' }}
      mutation={useUpdateDateOfBirth()}
      failure={t.failed}
      onUpdated={onUpdated}
    >
      {(field) => (
        // The phone's own date picker: no typing a format, no library to download, and the
        // value it gives is the YYYY-MM-DD the rules check ('Invalid Date of Birth' past the range).
        <TextField label={t.label} type="date" required autoComplete="bday" min={DOB_MIN} max={calendarDate(new Date())} {...field} />
      )}
    </SingleFieldForm>
  );
}
