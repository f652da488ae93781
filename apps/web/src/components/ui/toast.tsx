import { Slide, ToastContainer, toast, type ToastContent } from 'react-toastify';
import { TOAST_MS } from '@wise/shared';
import { BadIcon } from './art/bad-icon';
import { TickIcon } from './art/tick';
import './toast.css';

/** The one toast host: top-centre, closes after 5 s, our own icons (SPEC §8, LOOK.md). */
export function ToastHost() {
  return (
    <ToastContainer
      position="top-center"
      autoClose={TOAST_MS}
      hideProgressBar
      closeOnClick
      pauseOnFocusLoss={false}
      newestOnTop
      limit={3}
      transition={Slide}
      theme="light"
      icon={({ type }) => {
        if (type === 'error') return <BadIcon size={24} />;
        if (type === 'success') return <TickIcon size={24} />;
        return false;
      }}
    />
  );
}

/** A red toast with the 'bad' icon; one per message so repeated taps do not stack copies. */
export function toastError(message: ToastContent, id?: string): void {
  toast.error(message, { toastId: id ?? (typeof message === 'string' ? message : undefined) });
}

export function toastSuccess(message: ToastContent, id?: string): void {
  toast.success(message, { toastId: id ?? (typeof message === 'string' ? message : undefined) });
}

/** Clears every toast, e.g. stale errors once a retry has succeeded. */
export function dismissToasts(): void {
  toast.dismiss();
}
