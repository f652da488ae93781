import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path, UseFormRegisterReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  addressUpdateSchema,
  dateOfBirthUpdateSchema,
  genderUpdateSchema,
  type GenderUpdateInput,
} from '@wise/shared';
import { Button } from '../../../../components/ui/button';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { toastError } from '../../../../components/ui/toast';
import { paths } from '../../../../config/paths';
import { useUpdateAddress } from '../../../../features/profile/api/update-address';
import { useUpdateDateOfBirth } from '../../../../features/profile/api/update-date-of-birth';
import { useUpdateGender } from '../../../../features/profile/api/update-gender';
import { errorMessage } from '../../../../lib/api-client';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useRefreshAccountViews } from '../shared/use-refresh-account-views';
import { ProfileFormScreen } from './profile-form-screen';

interface SingleFieldFormProps<T extends FieldValues> {
  schema: z.ZodType<T, T>;
  field: Path<T>;
  defaultValues: DefaultValues<T>;
  mutation: UseMutationResult<{ message: string }, unknown, T>;
  failure: string;
  /** Draws the field, given its registration and current error. */
  children: (field: UseFormRegisterReturn<Path<T>> & { error?: string }) => ReactNode;
}

/**
 * A one-field profile form (gender, address, date of birth): the shared schema, validation on
 * submit only, errors cleared on edit, 'Submit' / 'Submitting...', then /profile/success with
 * the server's message.
 */
function SingleFieldForm<T extends FieldValues>({ schema, field, defaultValues, mutation, failure, children }: SingleFieldFormProps<T>) {
  const navigate = useNavigate();
  const refreshAccountViews = useRefreshAccountViews();
  const form = useZodForm(schema, defaultValues);
  const submit = form.handleSubmit((input) =>
    mutation.mutate(input, {
      onSuccess: (r) => {
        refreshAccountViews();
        navigate(paths.profileSuccess, { replace: true, state: { message: r.message } });
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, [field]);
        toastError(errorMessage(error, failure));
      },
    }),
  );
  const error = form.getFieldState(field, form.formState).error?.message;
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      {children({ ...form.field(field), error })}
      <div className="screen__actions">
        <Button type="submit" busy={mutation.isPending} busyLabel="Submitting...">
          Submit
        </Button>
      </div>
    </form>
  );
}

function GenderForm({ current }: { current: GenderUpdateInput['gender'] | null }) {
  return (
    <SingleFieldForm
      schema={genderUpdateSchema}
      field="gender"
      // Nothing chosen yet: the select shows its placeholder and the schema says 'Gender is required'.
      defaultValues={{ gender: (current ?? '') as GenderUpdateInput['gender'] }}
      mutation={useUpdateGender()}
      failure="Could not update your gender. Please try again"
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

function AddressForm({ current }: { current: string | null }) {
  return (
    <SingleFieldForm
      schema={addressUpdateSchema}
      field="address"
      defaultValues={{ address: current ?? '' }}
      mutation={useUpdateAddress()}
      failure="Could not update your address. Please try again"
    >
      {(field) => <TextField label="Address" autoComplete="street-address" placeholder="House number, street, city" {...field} />}
    </SingleFieldForm>
  );
}

function DateOfBirthForm({ current }: { current: string | null }) {
  return (
    <SingleFieldForm
      schema={dateOfBirthUpdateSchema}
      field="date_of_birth"
      defaultValues={{ date_of_birth: current ?? '' }}
      mutation={useUpdateDateOfBirth()}
      failure="Could not update your date of birth. Please try again"
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

export function ModifyGenderRoute() {
  return <ProfileFormScreen title="Modify Gender">{(p) => <GenderForm current={p.gender} />}</ProfileFormScreen>;
}
export function ModifyAddressRoute() {
  return <ProfileFormScreen title="Modify Address">{(p) => <AddressForm current={p.address} />}</ProfileFormScreen>;
}
export function ModifyDateOfBirthRoute() {
  return <ProfileFormScreen title="Modify Date of Birth">{(p) => <DateOfBirthForm current={p.date_of_birth} />}</ProfileFormScreen>;
}
