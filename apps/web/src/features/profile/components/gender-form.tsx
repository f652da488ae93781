import { genderFormTexts, type GenderUpdateInput } from '@wise/shared';
import { Select } from '#web/components/ui/select';
import { useTexts } from '#web/lib/i18n';
import { useUpdateGender } from '../api/update-gender';
import { SingleFieldForm } from './single-field-form';

interface GenderFormProps {
  current: GenderUpdateInput['gender'] | null;
  onUpdated: (message: string) => void;
}

export function GenderForm({ current, onUpdated }: GenderFormProps) {
  const t = useTexts(genderFormTexts);
  return (
    <SingleFieldForm
      schema={() => import('../form-schemas').then((m) => m.genderUpdateSchema)}
      field="gender"
      // Nothing chosen yet: the select shows its placeholder and the schema says 'Gender is required'.
      defaultValues={{ gender: (current ?? '') as GenderUpdateInput['gender'] }}
      mutation={useUpdateGender()}
      failure={t.failed}
      onUpdated={onUpdated}
    >
      {(field) => (
        <Select
          label={t.label}
          placeholder={t.placeholder}
          options={[
            { value: 'male', label: t.male },
            { value: 'female', label: t.female },
          ]}
          {...field}
        />
      )}
    </SingleFieldForm>
  );
}
