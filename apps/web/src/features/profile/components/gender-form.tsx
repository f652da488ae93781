import type { GenderUpdateInput } from '@wise/shared';
import { Select } from '../../../components/ui/select';
import { useUpdateGender } from '../api/update-gender';
import { SingleFieldForm } from './single-field-form';

interface GenderFormProps {
  current: GenderUpdateInput['gender'] | null;
  onUpdated: (message: string) => void;
}

export function GenderForm({ current, onUpdated }: GenderFormProps) {
  return (
    <SingleFieldForm
      schema={() => import('../form-schemas').then((m) => m.genderUpdateSchema)}
      field="gender"
      // Nothing chosen yet: the select shows its placeholder and the schema says 'Gender is required'.
      defaultValues={{ gender: (current ?? '') as GenderUpdateInput['gender'] }}
      mutation={useUpdateGender()}
      failure="Could not update your gender. Please try again"
      onUpdated={onUpdated}
    >
      {(field) => (
        <Select
          label="Gender"
          placeholder="Select gender"
          options={[
            { value: 'male', label: 'Male' },
            { value: 'female', label: 'Female' },
          ]}
          {...field}
        />
      )}
    </SingleFieldForm>
  );
}
