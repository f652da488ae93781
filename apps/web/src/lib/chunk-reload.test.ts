import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, isChunkLoadError, mayReloadForNewVersion, reloadOnceForNewVersion } from './chunk-reload';

afterEach(() => {
  sessionStorage.clear();
});

describe('isChunkLoadError', () => {
  it.each([
    ['Failed to fetch dynamically imported module: http://localhost/assets/sell-abc123.js', true],
    ['Importing a module script failed.', true],
    ['error loading dynamically imported module: http://x/assets/a.js', true],
    ['Unable to preload CSS for /assets/sell-abc.css', true],
    ['Network request failed', false],
    ['Cannot read properties of undefined', false],
  ])('%s → %s', (message, expected) => {
    expect(isChunkLoadError(new Error(message))).toBe(expected);
  });

  it('is not fooled by things that are not errors', () => {
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('reloadOnceForNewVersion', () => {
  it('reloads the first time, not again within the window, and again after it', () => {
    const reload = vi.fn();
    const now = 1_700_000_000_000;
    expect(reloadOnceForNewVersion(now, reload)).toBe(true);
    expect(reloadOnceForNewVersion(now + 1_000, reload)).toBe(false);
    expect(reloadOnceForNewVersion(now + CHUNK_RELOAD_WINDOW_MS - 1, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForNewVersion(now + CHUNK_RELOAD_WINDOW_MS, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads when session storage refuses to remember, so it cannot loop', () => {
    const reload = vi.fn();
    vi.stubGlobal('sessionStorage', {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    try {
      expect(reloadOnceForNewVersion(Date.now(), reload)).toBe(false);
      expect(reload).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('mayReloadForNewVersion', () => {
  it('only reads: asking twice changes nothing', () => {
    expect(mayReloadForNewVersion()).toBe(true);
    expect(mayReloadForNewVersion()).toBe(true);
    expect(sessionStorage.length).toBe(0);
    sessionStorage.setItem('wise.chunk-reload-at', String(Date.now()));
    expect(mayReloadForNewVersion()).toBe(false);
  });
});
