import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { formatPhone, loginPasswordScreenTexts } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { paths } from '#web/config/paths';
import { LoginPasswordForm } from '#web/features/auth/components/login-password-form';
import { readLoginIdentifier, type OtpState } from '#web/features/auth/navigation-state';
import { shouldOfferPasskey } from '#web/features/passkeys/webauthn';
import { useTexts } from '#web/lib/i18n';
import '#web/features/auth/components/form.css';

// Fetched only when offered, after the login: the screen itself does not carry it.
const PasskeyOffer = lazy(() => import('#web/features/passkeys/components/passkey-offer'));

/** Login step 2 (docs/product.md §2): the password for the identifier carried from step 1. */
export function LoginPasswordRoute() {
  const navigate = useNavigate();
  const t = useTexts(loginPasswordScreenTexts);
  const emailOrPhone = readLoginIdentifier(useLocation().state);
  const [offering, setOffering] = useState(false);
  const goHome = () => void navigate(paths.homepage, { replace: true });
  if (!emailOrPhone) return <Navigate to={paths.login} replace />;

  return (
    <Screen header={<Header backTo={paths.login} />}>
      <title>{`${t.pageTitle} · Wise`}</title>
      <ScreenIntro title={t.title} text={t.intro} />
      <div className="auth-identity">
        <span className="auth-identity__value" data-testid="login-identifier">
          {emailOrPhone.includes('@') ? (
            <>
              {emailOrPhone.slice(0, emailOrPhone.lastIndexOf('@'))}
              <wbr />
              {emailOrPhone.slice(emailOrPhone.lastIndexOf('@'))}
            </>
          ) : (
            formatPhone(emailOrPhone)
          )}
        </span>
        <Link to={paths.login}>{t.change}</Link>
      </div>
      <LoginPasswordForm
        emailOrPhone={emailOrPhone}
        onSuccess={() => {
          // "Sign in faster next time" (docs/features.md, "Passkeys"), once per device with a built-in authenticator.
          void shouldOfferPasskey().then((offer) => (offer ? setOffering(true) : goHome()));
        }}
        onUnverified={(email) => {
          const state: OtpState = { email };
          void navigate(paths.createAccountOtp, { state });
        }}
      />
      {offering && (
        <Suspense fallback={null}>
          <PasskeyOffer onDone={goHome} />
        </Suspense>
      )}
    </Screen>
  );
}
