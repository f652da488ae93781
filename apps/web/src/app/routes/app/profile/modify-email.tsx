import { useNavigate } from 'react-router';
import { fetchMessages } from '@wise/shared';
import { Button } from '../../../../components/ui/button';
import { FetchError } from '../../../../components/ui/fetch-error';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { Skeleton } from '../../../../components/ui/skeleton';
import { TextField } from '../../../../components/ui/text-field';
import { paths } from '../../../../config/paths';
import { useContact } from '../../../../features/profile/api/get-contact';

/** /profile/modifyemail: the current email; Continue stays disabled while it is empty (SPEC §2). */
export function ModifyEmailRoute() {
  const navigate = useNavigate();
  const contact = useContact();
  const email = contact.data?.email ?? '';
  return (
    <Screen header={<Header backTo={paths.profile} title="Modify Email" />}>
      <title>Modify Email · Wise</title>
      <ScreenIntro title="Modify Email" text="This is the email on your account. Continue to change it." />
      {contact.isError ? (
        <FetchError message={fetchMessages.details} onRetry={() => void contact.refetch()} retrying={contact.isFetching} />
      ) : (
        <div className="screen__form">
          {contact.isPending ? <Skeleton height={72} /> : <TextField label="Current email" value={email} readOnly />}
          <div className="screen__actions">
            <Button disabled={!email} onClick={() => navigate(paths.profileEmailNew)}>
              Continue
            </Button>
          </div>
        </div>
      )}
    </Screen>
  );
}
