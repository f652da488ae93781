import type { paths } from './paths';

/**
 * The API calls a screen makes as it first draws, for the key screens (docs/PERFORMANCE.md). The server
 * names them in the HTML it sends for that page (`<link rel="preload" as="fetch">`, only when the
 * request carries a session), so the answers download beside the JavaScript instead of after it
 * has run; the screen's own `fetch` then takes the preloaded answer. A `:param` takes the page
 * path's parameter of the same name. Each URL must be exactly what the screen requests, query
 * string included: e2e/first-screen-data.spec.ts loads every screen here and checks that each
 * URL is fetched once, from the preload, and that the screen asks for nothing else first.
 */
export const firstScreenData: Partial<Record<keyof typeof paths, readonly string[]>> = {
  homepage: ['/api/app-info', '/api/dashboard', '/api/sales/summary', '/api/crypto/trending'],
  giftCards: ['/api/app-info', '/api/giftcards'],
  giftCardSell: ['/api/app-info', '/api/giftcards/:card', '/api/bank', '/api/profile/limits'],
  crypto: ['/api/app-info', '/api/crypto/coins'],
  profile: ['/api/app-info', '/api/profile'],
};
