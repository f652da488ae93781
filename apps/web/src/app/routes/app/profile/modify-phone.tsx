import { useNavigate } from 'react-router';
import { maskPhone, modifyPhoneTexts } from '@wise/shared';
import { paths } from '#web/config/paths';
import { ConfirmPasswordForm } from '#web/features/profile/components/confirm-password-form';
import { ProfileFormScreen } from '#web/features/profile/components/profile-form-screen';
import { useTexts } from '#web/lib/i18n';
import './profile.css';

/** /profile/modifyphonenumber: the password again first (docs/product.md §4, §6), then the new number. */
export function ModifyPhoneRoute() {
  const navigate = useNavigate();
  const t = useTexts(modifyPhoneTexts);
  return (
    <ProfileFormScreen title={t.title} intro={t.intro}>
      {(profile) => (
        <ConfirmPasswordForm onConfirmed={() => void navigate(paths.profilePhoneNumber)}>
          <p className="screen__text">
            {t.currentNumber}{' '}
            <span className="masked-phone" data-testid="masked-phone">
              {maskPhone(profile.phone)}
            </span>
          </p>
        </ConfirmPasswordForm>
      )}
    </ProfileFormScreen>
  );
}
