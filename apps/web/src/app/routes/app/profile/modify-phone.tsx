import { useNavigate } from 'react-router';
import { maskPhone } from '@wise/shared';
import { paths } from '../../../../config/paths';
import { ConfirmPasswordForm } from '../../../../features/profile/components/confirm-password-form';
import { ProfileFormScreen } from '../../../../features/profile/components/profile-form-screen';
import './profile.css';

/** /profile/modifyphonenumber: the password again first (docs/product.md §4, §6), then the new number. */
export function ModifyPhoneRoute() {
  const navigate = useNavigate();
  return (
    <ProfileFormScreen title="Modify Phone Number" intro="Enter your password to continue">
      {(profile) => (
        <ConfirmPasswordForm onConfirmed={() => void navigate(paths.profilePhoneNumber)}>
          <p className="screen__text">
            Current number: <span className="masked-phone" data-testid="masked-phone">{maskPhone(profile.phone)}</span>
          </p>
        </ConfirmPasswordForm>
      )}
    </ProfileFormScreen>
  );
}
