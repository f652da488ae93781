/** A `?returnTo=` longer than this is not one of ours. */
const RETURN_TO_MAX = 512;
const BASE = 'https://wise.invalid';

/**
 * The in-app path a `?returnTo=` names, or undefined when it is anything else: only a path of
 * this app ("/…"), never another site ("//evil.example", "/\evil", "https:…") nor a script URL,
 * so a crafted link cannot send a customer away after they save their bank details.
 */
export function safeReturnTo(value: string | null | undefined): string | undefined {
  if (!value || value.length > RETURN_TO_MAX) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  // Browsers drop tabs and line breaks inside URLs: "/\t/evil.example" would become "//evil.example".
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
