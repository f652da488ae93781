import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { pinScreenTexts } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { paths } from '#web/config/paths';
import { ConfirmPinForm } from '#web/features/pin/components/confirm-pin-form';
import { pinDraft } from '#web/features/pin/pin-draft';
import { useTexts } from '#web/lib/i18n';
import { useRefreshAccountViews } from '../common/use-refresh-account-views';

/** /homepage/confirmpinset: the PIN again ('Pin does not match'), then 'Set' / 'Setting...'. */
export function PinConfirmRoute() {
  const navigate = useNavigate();
  const t = useTexts(pinScreenTexts);
  // Read once: the module copy is cleared on success, this screen keeps its own until it leaves.
  const [draft] = useState(() => pinDraft.get());
  const refreshAccountViews = useRefreshAccountViews();
  // Reached without a PIN from the first screen (reload, direct visit): start there.
  if (!draft) return <Navigate to={paths.pinSet} replace />;

  return (
    <Screen header={<Header backTo={paths.pinSet} title={t.title} />}>
      <title>{`${t.confirmPageTitle} · Wise`}</title>
      <ScreenIntro title={t.confirmTitle} text={t.confirmIntro} />
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
