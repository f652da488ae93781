import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { pinConfirmScreenTexts } from '@wise/shared';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { paths } from '../../../../config/paths';
import { ConfirmPinForm } from '../../../../features/pin/components/confirm-pin-form';
import { pinDraft } from '../../../../features/pin/pin-draft';
import { useRefreshAccountViews } from '../common/use-refresh-account-views';
import { useTexts } from '../../../../lib/i18n';

/** /homepage/confirmpinset: the PIN again ('Pin does not match'), then 'Set' / 'Setting...'. */
export function PinConfirmRoute() {
  const t = useTexts(pinConfirmScreenTexts);
  const navigate = useNavigate();
  // Read once: the module copy is cleared on success, this screen keeps its own until it leaves.
  const [draft] = useState(() => pinDraft.get());
  const refreshAccountViews = useRefreshAccountViews();
  // Reached without a PIN from the first screen (reload, direct visit): start there.
  if (!draft) return <Navigate to={paths.pinSet} replace />;

  return (
    <Screen header={<Header backTo={paths.pinSet} title={t.header} />}>
      <title>{t.title}</title>
      <ScreenIntro title={t.heading} text={t.text} />
      <ConfirmPinForm
        draft={draft}
        onSet={() => {
          pinDraft.clear();
          refreshAccountViews();
          void navigate(paths.pinSuccess, { replace: true });
        }}
        // The password window closed (or was never opened): the password first, then the PIN again.
        onReauthRequired={() => {
          pinDraft.clear();
          void navigate(paths.pinSet, { replace: true, state: { reauth: true } });
        }}
      />
    </Screen>
  );
}
