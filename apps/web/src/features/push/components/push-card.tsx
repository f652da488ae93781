import { useEffect, useState } from 'react';
import { BellRing } from 'lucide-react';
import { pwaTexts as englishPwaTexts } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { usePushPublicKey } from '../api/get-public-key';
import { postPushSubscription } from '../api/subscribe';
import { deletePushSubscription } from '../api/unsubscribe';
import { useTexts } from '#web/lib/i18n';
import { currentSubscription, pushPermission, pushSupported, subscribeBrowser, type PushPermission } from '../browser-push';
import './push-card.css';

type Status = 'checking' | 'off' | 'on' | 'blocked';

/**
 * "Notifications on this device": turns Web Push on or off for this browser. The browser's
 * permission is asked only when the customer taps "Turn on", never on load. Hidden where the
 * browser cannot receive push or the server has no VAPID keys.
 */
export function PushCard() {
  const supported = pushSupported();
  const pwaTexts = useTexts(englishPwaTexts);
  const publicKey = usePushPublicKey(supported);
  // A browser that already blocked Wise says so at once; otherwise the worker is asked below.
  const [status, setStatus] = useState<Status>(() => (supported && pushPermission() === 'denied' ? 'blocked' : 'checking'));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    const permission: PushPermission = pushPermission();
    if (permission === 'denied') return;
    // The worker registers after the first screen settles; until then this stays "checking".
    void currentSubscription()
      .then((subscription) => live && setStatus(subscription && permission === 'granted' ? 'on' : 'off'))
      .catch(() => live && setStatus('off'));
    return () => {
      live = false;
    };
  }, [supported]);

  const key = publicKey.data?.public_key;
  if (!supported || !key || status === 'checking') return null;

  const turnOn = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const result = await subscribeBrowser(key);
      if (result.permission === 'denied') setStatus('blocked');
      else if (result.subscription) {
        await postPushSubscription(result.subscription);
        setStatus('on');
      }
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await deletePushSubscription(subscription.endpoint).catch(() => undefined);
        await subscription.unsubscribe();
      }
      setStatus('off');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="push-card" data-testid="push-card">
      <span className="push-card__icon">
        <BellRing size={20} aria-hidden="true" />
      </span>
      <div className="push-card__main">
        <h2 className="push-card__title">{pwaTexts.pushCardTitle}</h2>
        <p className="push-card__text" aria-live="polite">
          {status === 'on' ? pwaTexts.pushOn : status === 'blocked' ? pwaTexts.pushBlocked : pwaTexts.pushCardBody}
        </p>
        {failed ? (
          <p className="push-card__error" role="alert">
            {pwaTexts.pushFailed}
          </p>
        ) : null}
      </div>
      {status === 'off' ? (
        <Button className="push-card__action" onClick={() => void turnOn()} busy={busy} busyLabel={pwaTexts.pushTurnOn}>
          {pwaTexts.pushTurnOn}
        </Button>
      ) : status === 'on' ? (
        <Button
          variant="secondary"
          className="push-card__action"
          onClick={() => void turnOff()}
          busy={busy}
          busyLabel={pwaTexts.pushTurnOff}
        >
          {pwaTexts.pushTurnOff}
        </Button>
      ) : null}
    </Card>
  );
}
