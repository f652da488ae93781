import { useNavigate } from 'react-router';
import { fullNameUpdateSchema, splitFullName } from '@wise/shared';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import { toastError } from '../../../../components/ui/toast';
import { paths } from '../../../../config/paths';
import { useUpdateFullName } from '../../../../features/profile/api/update-full-name';
import { errorMessage } from '../../../../lib/api-client';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useRefreshAccountViews } from '../shared/use-refresh-account-views';
import { ProfileFormScreen } from './profile-form-screen';

const fields = ['first_name', 'middle_name', 'surname'] as const;

function FullNameForm({ fullName }: { fullName: string }) {
  const navigate = useNavigate();
  const update = useUpdateFullName();
  const refreshAccountViews = useRefreshAccountViews();
  const form = useZodForm(fullNameUpdateSchema, splitFullName(fullName));
  const errors = form.formState.errors;
  const submit = form.handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: (result) => {
        refreshAccountViews();
        navigate(paths.profileSuccess, { replace: true, state: { message: result.message } });
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, fields);
        toastError(errorMessage(error, 'Could not update your name. Please try again'));
      },
    }),
  );
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <TextField label="First name" autoComplete="given-name" error={errors.first_name?.message} {...form.field('first_name')} />
      <TextField label="Middle name (optional)" autoComplete="additional-name" error={errors.middle_name?.message} {...form.field('middle_name')} />
      <TextField label="Surname" autoComplete="family-name" error={errors.surname?.message} {...form.field('surname')} />
      <div className="screen__actions">
        <Button type="submit" busy={update.isPending} busyLabel="Submitting...">
          Submit
        </Button>
      </div>
    </form>
  );
}

/** /profile/modifyfullname: first, middle (optional) and surname (SPEC §5). */
export function ModifyFullNameRoute() {
  return (
    <ProfileFormScreen title="Modify Full Name" intro="Enter your name as it appears on your bank account">
      {(profile) => <FullNameForm fullName={profile.full_name} />}
    </ProfileFormScreen>
  );
}
