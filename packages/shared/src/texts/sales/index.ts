/**
 * Customer-visible texts of the sales screens (English; translations in ../../i18n). One file per
 * screen or component, so that each screen's chunk carries only its own texts.
 */
export * from './dashboard/index';
export * from './transactions/index';
export * from './giftcards/index';
export * from './crypto/index';
