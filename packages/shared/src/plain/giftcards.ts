/*
 * The part of giftcards.ts that needs no zod (messages, constants, plain helpers), apart so a screen
 * that only shows these does not download zod with the schemas (the JavaScript budgets, docs/PERFORMANCE.md). giftcards.ts
 * re-exports all of it: import from '@wise/shared' as before.
 */

/**
 * The gift-card catalogue (docs/product.md §2 "/sellgiftcards/giftcardscatalogue", §3 "Gift card",
 * "Sub-category"; docs/product.md §7 get_gift_cards, search_cards, get_gift_card_subcategories.php).
 * Rates and card-currency amounts are decimal strings ("1450.00"): the server computes with a
 * decimal library and screens only show them (docs/decisions.md §4).
 */

export const GIFT_CARD_CURRENCIES = ['USD', 'GBP', 'EUR', 'CAD', 'AUD'] as const;
export type GiftCardCurrency = (typeof GIFT_CARD_CURRENCIES)[number];

/** How a card currency is written before an amount and after a rate's slash (`₦1,460.00/$`). */
export const CURRENCY_SYMBOLS: Record<GiftCardCurrency, string> = {
  USD: '$',
  GBP: '£',
  EUR: '€',
  CAD: 'C$',
  AUD: 'A$',
};

export const currencySymbol = (currency: string): string =>
  (CURRENCY_SYMBOLS as Record<string, string | undefined>)[currency] ?? `${currency} `;

export const GIFT_CARD_KINDS = ['physical', 'ecode'] as const;
export type GiftCardKind = (typeof GIFT_CARD_KINDS)[number];

/** Search box: 1-40 characters (a limit on every input). */
export const GIFT_CARD_QUERY_MAX = 40;

export const giftCardMessages = {
  /** docs/product.md §8: an empty search shows the server's text as a toast. */
  noMatch: (query: string) => `No gift card matches "${query}"`,
  /** docs/product.md §8 'Couldn't fetch gift cards' is also the empty-catalogue answer. */
  emptyCatalogue: "Couldn't fetch gift cards",
  cardUnavailable: 'This gift card is not available right now',
  queryRequired: 'Type a card name to search',
  queryTooLong: `Cannot be more than ${GIFT_CARD_QUERY_MAX} characters`,
} as const;

export const giftCardErrorCodes = {
  notFound: 'GIFTCARD_NOT_FOUND',
} as const;

export const GIFT_CARD_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Where a card's artwork is served (the catalogue's `image_url`). */
export const giftCardArtUrl = (slug: string) => `/api/giftcards/art/${slug}.svg`;
