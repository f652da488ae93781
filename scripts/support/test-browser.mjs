// The browser the journeys and the byte budget drive. Debian's `chromium-headless-shell` is the same
// Chromium build as its `chromium`, without the desktop browser around the page: the journeys ran in
// 64 % of the wall time and 58 % of the CPU (docs/decisions.md §2.12). Lighthouse keeps the full
// browser, since it measures what a phone's Chrome paints.
export const TEST_BROWSER_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
export const TEST_BROWSER_PACKAGE = 'chromium-headless-shell';

/** What every launch here passes: no sandbox (CI runs as root), no GPU, no traffic of the browser's own. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
