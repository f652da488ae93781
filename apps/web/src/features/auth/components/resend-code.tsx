import { useEffect, useState } from 'react';
import { OTP_RESEND_COOLDOWN_S } from '@wise/shared';
import { toastError, toastSuccess } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
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
  const [waitS, setWaitS] = useState(initialWaitS);

  useEffect(() => {
    if (waitS <= 0) return;
    const timer = window.setTimeout(() => setWaitS((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [waitS]);

  const onClick = () => {
    resend.mutate(
      { email },
      {
        onSuccess: (response) => {
          toastSuccess(response.message);
          setWaitS(OTP_RESEND_COOLDOWN_S);
          onResent?.();
        },
        onError: (error) => toastError(errorMessage(error, 'Could not send a new code. Please try again')),
      },
    );
  };

  const waiting = waitS > 0;
  return (
    <p className="resend" aria-live="polite">
      Didn&apos;t get the code?{' '}
      <button
        type="button"
        className="resend__button"
        onClick={onClick}
        disabled={waiting || resend.isPending}
      >
        {resend.isPending ? 'Sending...' : 'Resend code'}
      </button>
      {waiting ? <span className="tabular"> in {clock(waitS)}</span> : null}
    </p>
  );
}
