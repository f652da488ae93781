import { RATES_PAGE_DESCRIPTION, RATES_PAGE_TITLE } from '@wise/shared';

/**
 * The <head> a shared or indexed page needs before any script runs: crawlers and link previews
 * read the HTML the server sends, not what the SPA draws later. Only /rates is meant to be found
 * and shared (docs/features.md, "Rates and alerts"); every other page keeps the shell's own title.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type PageHeads = Map<string, string>;

/** Pathname (no trailing slash, lower case) → the tags that replace the shell's title and description. */
export function pageHeads(appUrl: string): PageHeads {
  const base = appUrl.replace(/\/$/, '');
  const title = escapeHtml(RATES_PAGE_TITLE);
  const description = escapeHtml(RATES_PAGE_DESCRIPTION);
  const rates = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<link rel="canonical" href="${base}/rates">`,
    '<meta property="og:type" content="website">',
    '<meta property="og:site_name" content="Wise">',
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${base}/rates">`,
    `<meta property="og:image" content="${base}/api/rates/og.png">`,
    '<meta property="og:image:type" content="image/png">',
    '<meta property="og:image:width" content="1200">',
    '<meta property="og:image:height" content="630">',
    `<meta property="og:image:alt" content="${escapeHtml("Today's gift card and crypto rates in naira on Wise")}">`,
    '<meta name="twitter:card" content="summary_large_image">',
  ].join('');
  return new Map([['/rates', rates]]);
}

const TITLE = /<title>[^<]*<\/title>/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/i;

/** The shell with the page's own head, or as it is for a page without one. */
export function withPageHead(shell: string, heads: PageHeads | undefined, pathname: string): string {
  const key = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  const head = heads?.get(key);
  if (!head) return shell;
  const stripped = shell.replace(TITLE, '').replace(DESCRIPTION, '');
  return stripped.replace('</head>', `${head}</head>`);
}
