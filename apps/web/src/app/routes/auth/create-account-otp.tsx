import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { signUpOtpTexts } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { paths } from '#web/config/paths';
import { EmailStepForm } from '#web/features/auth/components/email-step-form';
import { OtpForm } from '#web/features/auth/components/otp-form';
import { readOtpEmail } from '#web/features/auth/navigation-state';
import { useTexts } from '#web/lib/i18n';
import '#web/features/auth/components/form.css';

/** OTP for sign-up (docs/product.md §2). Opened without an e-mail (a reload, a bookmark), it asks for one. */
export function CreateAccountOtpRoute() {
  const navigate = useNavigate();
  const t = useTexts(signUpOtpTexts);
  const carried = readOtpEmail(useLocation().state);
  const [typed, setTyped] = useState<string | null>(null);
  const email = carried ?? typed;

  return (
    <Screen header={<Header backTo={paths.createAccount} />}>
      <title>{`${t.pageTitle} · Wise`}</title>
      <ScreenIntro title={t.title} text={t.intro}>
        {email ? (
          <p className="otp-email" data-testid="otp-email">
            {email}
          </p>
        ) : null}
      </ScreenIntro>
      {email ? (
        <OtpForm
          key={email}
          email={email}
          codeJustSent={carried !== null}
          onSuccess={() => void navigate(paths.createAccountSuccess, { replace: true })}
        />
      ) : (
        <>
          <p className="screen__text">{t.whichEmail}</p>
          <EmailStepForm onSubmit={setTyped} />
        </>
      )}
    </Screen>
  );
}
