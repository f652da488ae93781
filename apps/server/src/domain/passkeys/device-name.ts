/**
 * A name a customer recognises for the device that made a passkey ("Chrome on Android"), read
 * from its User-Agent. Only for the list on /profile/passkeys: nothing is decided by it.
 */
const systems: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
];
// Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari".
const browsers: [RegExp, string][] = [
  [/EdgA?\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

export const UNKNOWN_DEVICE = 'Unknown device';

export function deviceName(userAgent: string | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}
