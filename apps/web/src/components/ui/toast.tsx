import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import type { ToastContent } from 'react-toastify';
import { TOAST_MS } from '@wise/shared';

/*
 * react-toastify is fetched the first time a toast is raised, not with the first screen, to keep
 * the first screens within the JavaScript budget. A toast raised while it loads waits in the
 * library's own queue and shows as soon as the container mounts.
 *
 * When its files cannot arrive (a deploy replaced them under an open app, or the network dropped)
 * the message is still the server's answer to what the customer did, so it is shown by a plain
 * alert drawn from the entry's own code and styles instead of being lost.
 */
const library = () => import('react-toastify');
const NoContainer: ComponentType = () => null;
const ToastContainer = lazy(() =>
  import('./toast-container').then(
    (module): { default: ComponentType } => module,
    () => ({ default: NoContainer }),
  ),
);

type Kind = 'error' | 'success';
interface Fallback {
  id: string;
  kind: Kind;
  message: ToastContent;
}

interface State {
  wanted: boolean;
  fallbacks: readonly Fallback[];
}
let state: State = { wanted: false, fallbacks: [] };
const listeners = new Set<() => void>();
function update(next: Partial<State>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;
const serverSnapshot = (): State => ({ wanted: false, fallbacks: [] });

let fallbackCount = 0;
function showFallback(kind: Kind, message: ToastContent, id?: string): void {
  const key = id ?? `fallback-${(fallbackCount += 1)}`;
  // One per message, newest first, at most three: the same rules as the library's toasts.
  const others = state.fallbacks.filter((fallback) => fallback.id !== key);
  update({ fallbacks: [{ id: key, kind, message }, ...others].slice(0, 3) });
  setTimeout(() => update({ fallbacks: state.fallbacks.filter((fallback) => fallback.id !== key) }), TOAST_MS);
}

function FallbackToasts({ fallbacks }: { fallbacks: readonly Fallback[] }) {
  if (fallbacks.length === 0) return null;
  return (
    <div className="toast-fallback">
      {fallbacks.map((fallback) => (
        <div key={fallback.id} className={`toast-fallback__item toast-fallback__item--${fallback.kind}`} role="alert">
          {/* docs/product.md §8: an error toast carries the 'bad' icon, stand-in or not: drawn by its
              stylesheet (tokens.css), so the first chunk carries no SVG component. */}
          <span>{typeof fallback.message === 'function' ? null : fallback.message}</span>
        </div>
      ))}
    </div>
  );
}

export function ToastHost() {
  const { wanted, fallbacks } = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return (
    <>
      {wanted ? (
        <Suspense fallback={null}>
          <ToastContainer />
        </Suspense>
      ) : null}
      <FallbackToasts fallbacks={fallbacks} />
    </>
  );
}

const idFor = (message: ToastContent, id?: string) => id ?? (typeof message === 'string' ? message : undefined);

/*
 * Messages arrive in English (a schema's, the server's to a logged-out device): main.tsx hands in
 * the app's translation. Imported here, lib/i18n made rolldown split react and three small modules
 * out of the entry (every screen imports this module): +2 KB on /rates.
 */
let translate = (text: string): string => text;
export function translateToastsWith(translation: (text: string) => string): void {
  translate = translation;
}

function raise(kind: Kind, english: ToastContent, id?: string): void {
  if (!state.wanted) update({ wanted: true });
  const message = typeof english === 'string' ? translate(english) : english;
  // The id stays the English text, so one message is one toast in either language.
  const toastId = idFor(english, id);
  library().then(
    ({ toast }) => toast[kind](message, { toastId }),
    () => showFallback(kind, message, toastId),
  );
}

/** A red toast with the 'bad' icon; one per message so repeated taps do not stack copies. */
export function toastError(message: ToastContent, id?: string): void {
  raise('error', message, id);
}

export function toastSuccess(message: ToastContent, id?: string): void {
  raise('success', message, id);
}

/** Clears every toast, e.g. stale errors once a retry has succeeded. */
export function dismissToasts(): void {
  if (state.fallbacks.length > 0) update({ fallbacks: [] });
  if (state.wanted)
    void library().then(
      ({ toast }) => toast.dismiss(),
      () => undefined,
    );
}
