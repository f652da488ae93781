import { useNavigate } from 'react-router';
import { fetchMessages, modifyEmailTexts } from '@wise/shared';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { TextField } from '#web/components/ui/text-field';
import { paths } from '#web/config/paths';
import { useContact } from '#web/features/profile/api/get-contact';
import { ConfirmPasswordForm } from '#web/features/profile/components/confirm-password-form';
import { useTexts } from '#web/lib/i18n';

/**
 * /profile/modifyemail: the current email and the password again, as for the phone (docs/product.md §4, §6);
 * Continue stays disabled while the email is empty (docs/product.md §2), then the new address.
 */
export function ModifyEmailRoute() {
  const navigate = useNavigate();
  const contact = useContact();
  const t = useTexts(modifyEmailTexts);
  const fetchTexts = useTexts(fetchMessages);
  const email = contact.data?.email ?? '';
  return (
    <Screen header={<Header backTo={paths.profile} />}>
      <title>{`${t.title} · Wise`}</title>
      <ScreenIntro title={t.title} text={t.intro} />
      {contact.isError ? (
        <FetchError message={fetchTexts.details} onRetry={() => void contact.refetch()} retrying={contact.isFetching} />
      ) : (
        <ConfirmPasswordForm disabled={!email} onConfirmed={() => void navigate(paths.profileEmailNew)}>
          {contact.isPending ? <Skeleton height={72} /> : <TextField label={t.currentEmail} value={email} readOnly />}
        </ConfirmPasswordForm>
      )}
    </Screen>
  );
}
