import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastContent } from 'react-toastify';

/*
 * react-toastify is fetched the first time a toast is raised, not with the first screen, to keep
 * the first screens within the JavaScript budget. A toast raised while it loads waits in the
 * library's own queue and shows as soon as the container mounts.
 */
const library = () => import('react-toastify');
const ToastContainer = lazy(() => import('./toast-container'));

let wanted = false;
const listeners = new Set<() => void>();
function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function ToastHost() {
  const mounted = useSyncExternalStore(subscribe, () => wanted, () => false);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}

const idFor = (message: ToastContent, id?: string) => id ?? (typeof message === 'string' ? message : undefined);

/** A red toast with the 'bad' icon; one per message so repeated taps do not stack copies. */
export function toastError(message: ToastContent, id?: string): void {
  want();
  void library().then(({ toast }) => toast.error(message, { toastId: idFor(message, id) }));
}

export function toastSuccess(message: ToastContent, id?: string): void {
  want();
  void library().then(({ toast }) => toast.success(message, { toastId: idFor(message, id) }));
}

/** Clears every toast, e.g. stale errors once a retry has succeeded. */
export function dismissToasts(): void {
  if (wanted) void library().then(({ toast }) => toast.dismiss());
}
