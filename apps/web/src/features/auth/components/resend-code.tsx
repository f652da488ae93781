import { useEffect, useState } from 'react';
import { COUNTDOWN_REFRESH_MS, OTP_RESEND_COOLDOWN_S, resendCodeTexts } from '@wise/shared';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { errorMessage } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';
import { useResendOtp } from '../api/resend-otp';
import './form.css';

interface ResendCodeProps {
  email: string;
  /** Seconds to wait before the first resend; 0 when no code was just sent. */
  initialWaitS?: number;
  onResent?: () => void;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** 'Resend code', offered again OTP_RESEND_COOLDOWN_S seconds after each send. */
export function ResendCode({ email, initialWaitS = OTP_RESEND_COOLDOWN_S, onResent }: ResendCodeProps) {
  const resend = useResendOtp();
  const t = useTexts(resendCodeTexts);
  // Counted against a deadline, not by ticks, so a throttled background tab still ends on time.
  const [deadline, setDeadline] = useState(() => Date.now() + initialWaitS * 1000);
  const [now, setNow] = useState(() => Date.now());
  const waitS = Math.max(0, Math.ceil((deadline - now) / 1000));

  useEffect(() => {
    if (deadline <= Date.now()) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) window.clearInterval(timer);
    }, COUNTDOWN_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const onClick = () => {
    resend.mutate(
      { email },
      {
        onSuccess: (response) => {
          toastSuccess(response.message);
          const sentAt = Date.now();
          setNow(sentAt);
          setDeadline(sentAt + OTP_RESEND_COOLDOWN_S * 1000);
          onResent?.();
        },
        onError: (error) => toastError(errorMessage(error, t.failed)),
      },
    );
  };

  const waiting = waitS > 0;
  return (
    <p className="resend">
      {t.didntGet}{' '}
      <button type="button" className="resend__button" onClick={onClick} disabled={waiting || resend.isPending}>
        {resend.isPending ? t.sending : t.resend}
      </button>
      {waiting ? <span className="tabular">{t.in(clock(waitS))}</span> : null}
    </p>
  );
}
