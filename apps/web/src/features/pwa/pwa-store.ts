/**
 * What the app knows about its installed self: whether the network is there, and whether a new
 * version is waiting. A tiny external store (useSyncExternalStore), so the banner and the update
 * prompt need no context or query library.
 */

export interface PwaState {
  online: boolean;
  /** Set by the registration when a new service worker is installed and waiting. */
  applyUpdate: (() => void) | null;
}

let state: PwaState = { online: typeof navigator === 'undefined' ? true : navigator.onLine, applyUpdate: null };
const listeners = new Set<() => void>();

export const pwaStore = {
  get: (): PwaState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(patch: Partial<PwaState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  },
};
