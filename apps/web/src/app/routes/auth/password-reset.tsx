import { useNavigate } from 'react-router';
import { passwordResetTexts } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { paths } from '#web/config/paths';
import { ResetRequestForm } from '#web/features/auth/components/reset-request-form';
import { useTexts } from '#web/lib/i18n';

/** Password reset, step 1 (docs/product.md §2): the e-mail, then "check your email" with the response. */
export function PasswordResetRoute() {
  const navigate = useNavigate();
  const t = useTexts(passwordResetTexts);
  return (
    <Screen header={<Header backTo={paths.login} />}>
      <title>{`${t.pageTitle} · Wise`}</title>
      <ScreenIntro title={t.title} text={t.intro} />
      <ResetRequestForm onSuccess={(response) => void navigate(paths.passwordResetEmail, { state: response })} />
    </Screen>
  );
}
