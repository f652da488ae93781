/** Customer-visible texts of the sales screens (English; translations in ../../i18n). */
export * from './dashboard';
export * from './transactions';
export * from './giftcards';
export * from './crypto';
