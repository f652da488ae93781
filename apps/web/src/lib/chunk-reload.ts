/**
 * A deploy replaces the hashed files an open app has not fetched yet: the next screen's import
 * then fails with "Failed to fetch dynamically imported module". The route's error screen
 * recognises that error and reloads the page once, at the address the customer was going to, which
 * fetches the new index.html and its files; a second failure soon after means reloading does not
 * help (the file is really gone, or the network is), so it shows the app's own "A new version of
 * Wise is available" prompt instead of looping.
 */
const RELOADED_AT_KEY = 'wise.chunk-reload-at';
/** A failure within this long of the last reload is not reloaded again. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

/** Chromium, Firefox and Safari word a failed dynamic import differently; Vite's preload its own way. */
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

function readReloadedAt(): number | undefined {
  try {
    const value = Number(sessionStorage.getItem(RELOADED_AT_KEY));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a reload may still help: none for this reason within the window. Reads only. */
export function mayReloadForNewVersion(now = Date.now()): boolean {
  const last = readReloadedAt();
  return last === undefined || now - last >= CHUNK_RELOAD_WINDOW_MS;
}

/**
 * Reloads the page unless it was reloaded for this reason within the window; says whether it did.
 * Without session storage (private modes that refuse it) it never reloads: no loop is possible.
 */
export function reloadOnceForNewVersion(now = Date.now(), reload: () => void = () => window.location.reload()): boolean {
  if (!mayReloadForNewVersion(now)) return false;
  try {
    sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}
