import { Link, useNavigate, useSearchParams } from 'react-router';
import { normalizeReferralCode, REFERRAL_QUERY_PARAM, signUpTexts } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { paths } from '#web/config/paths';
import { SignUpForm } from '#web/features/auth/components/sign-up-form';
import type { OtpState } from '#web/features/auth/navigation-state';
import { useTexts } from '#web/lib/i18n';

/** Sign-up (docs/product.md §2), with the code of the referral link it was opened from, then the OTP screen carrying the e-mail. */
export function CreateAccountRoute() {
  const navigate = useNavigate();
  const t = useTexts(signUpTexts);
  // A referral link (/createaccount?ref=CODE) carries the inviter's code to the sign-up; anything else is ignored.
  const [search] = useSearchParams();
  const referralCode = normalizeReferralCode(search.get(REFERRAL_QUERY_PARAM));
  return (
    <Screen header={<Header backTo={paths.home} title={t.pageTitle} />}>
      <title>{`${t.pageTitle} · Wise`}</title>
      <ScreenIntro title={t.title} />
      <SignUpForm
        referralCode={referralCode}
        onSuccess={(email) => {
          const state: OtpState = { email };
          void navigate(paths.createAccountOtp, { state });
        }}
        footer={
          <p className="screen__aside">
            <Link to={paths.login}>{t.haveAccount}</Link>
          </p>
        }
      />
    </Screen>
  );
}
