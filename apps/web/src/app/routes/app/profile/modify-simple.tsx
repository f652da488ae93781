import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  addressUpdateSchema,
  dateOfBirthUpdateSchema,
  genderUpdateSchema,
  type AddressUpdateInput,
  type DateOfBirthUpdateInput,
  type GenderUpdateInput,
} from '@wise/shared';
import { Button } from '../../../../components/ui/button';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { toastError } from '../../../../components/ui/toast';
import { paths } from '../../../../config/paths';
import { useUpdateAddress, useUpdateDateOfBirth, useUpdateGender } from '../../../../features/profile/api/profile';
import { errorMessage } from '../../../../lib/api-client';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { ProfileFormScreen } from './profile-form-screen';

/** After a save: the success screen with the server's message. */
function useDone() {
  const navigate = useNavigate();
  return (message: string) => navigate(paths.profileSuccess, { replace: true, state: { message } });
}

function GenderForm({ current }: { current: GenderUpdateInput['gender'] | null }) {
  const done = useDone();
  const update = useUpdateGender();
  const form = useForm<GenderUpdateInput>({
    resolver: zodResolver(genderUpdateSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // Nothing chosen yet: the select shows its placeholder and the schema says 'Gender is required'.
    defaultValues: { gender: (current ?? '') as GenderUpdateInput['gender'] },
  });
  const submit = form.handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: (r) => done(r.message),
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['gender']);
        toastError(errorMessage(error, 'Could not update your gender. Please try again'));
      },
    }),
  );
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <Select
        label="Gender"
        placeholder="Select gender"
        options={[
          { value: 'male', label: 'Male' },
          { value: 'female', label: 'Female' },
        ]}
        error={form.formState.errors.gender?.message}
        {...form.register('gender', { onChange: () => form.clearErrors('gender') })}
      />
      <div className="screen__actions">
        <Button type="submit" busy={update.isPending} busyLabel="Submitting...">
          Submit
        </Button>
      </div>
    </form>
  );
}

function AddressForm({ current }: { current: string | null }) {
  const done = useDone();
  const update = useUpdateAddress();
  const form = useForm<AddressUpdateInput>({
    resolver: zodResolver(addressUpdateSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { address: current ?? '' },
  });
  const submit = form.handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: (r) => done(r.message),
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['address']);
        toastError(errorMessage(error, 'Could not update your address. Please try again'));
      },
    }),
  );
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <TextField
        label="Address"
        autoComplete="street-address"
        placeholder="House number, street, city"
        error={form.formState.errors.address?.message}
        {...form.register('address', { onChange: () => form.clearErrors('address') })}
      />
      <div className="screen__actions">
        <Button type="submit" busy={update.isPending} busyLabel="Submitting...">
          Submit
        </Button>
      </div>
    </form>
  );
}

function DateOfBirthForm({ current }: { current: string | null }) {
  const done = useDone();
  const update = useUpdateDateOfBirth();
  const form = useForm<DateOfBirthUpdateInput>({
    resolver: zodResolver(dateOfBirthUpdateSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { date_of_birth: current ?? '' },
  });
  const submit = form.handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: (r) => done(r.message),
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['date_of_birth']);
        toastError(errorMessage(error, 'Could not update your date of birth. Please try again'));
      },
    }),
  );
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <TextField
        label="Date of birth"
        placeholder="YYYY-MM-DD"
        inputMode="numeric"
        autoComplete="bday"
        maxLength={10}
        hint="For example 1994-07-21"
        error={form.formState.errors.date_of_birth?.message}
        {...form.register('date_of_birth', { onChange: () => form.clearErrors('date_of_birth') })}
      />
      <div className="screen__actions">
        <Button type="submit" busy={update.isPending} busyLabel="Submitting...">
          Submit
        </Button>
      </div>
    </form>
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
