import { Link, useNavigate } from 'react-router';
import { loginScreenTexts } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { paths } from '#web/config/paths';
import { LoginIdentifierForm } from '#web/features/auth/components/login-identifier-form';
import { PasskeySignInButton } from '#web/features/passkeys/components/passkey-sign-in-button';
import type { LoginPasswordState } from '#web/features/auth/navigation-state';
import { useTexts } from '#web/lib/i18n';

/** Login step 1 (docs/product.md §2): email or phone, then /login/password; or a passkey (docs/features.md, "Passkeys"). */
export function LoginRoute() {
  const navigate = useNavigate();
  const t = useTexts(loginScreenTexts);
  return (
    <Screen header={<Header backTo={paths.home} />}>
      <title>{`${t.pageTitle} · Wise`}</title>
      <ScreenIntro title={t.title} text={t.intro} />
      <LoginIdentifierForm
        onSubmit={(emailOrPhone) => {
          const state: LoginPasswordState = { email_or_phone: emailOrPhone };
          void navigate(paths.loginPassword, { state });
        }}
      />
      <PasskeySignInButton onSignedIn={() => void navigate(paths.homepage, { replace: true })} />
      <p className="screen__aside">
        {t.newToWise} <Link to={paths.createAccount}>{t.createAccount}</Link>
      </p>
    </Screen>
  );
}
