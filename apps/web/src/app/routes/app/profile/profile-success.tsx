import { useLocation } from 'react-router';
import { profileMessages } from '@wise/shared';
import { paths } from '../../../../config/paths';
import { SuccessScreen } from '../../../../components/ui/success-screen';

/** /profile/success: the message passed in navigation state, and Return to Home (SPEC §2). */
export function ProfileSuccessRoute() {
  const state: unknown = useLocation().state;
  const passed = typeof state === 'object' && state !== null ? (state as { message?: unknown }).message : undefined;
  const message = typeof passed === 'string' && passed.length > 0 && passed.length < 200 ? passed : profileMessages.directSuccess;
  return <SuccessScreen title="Profile" message={message} action={{ label: 'Return to Home', to: paths.homepage }} />;
}
