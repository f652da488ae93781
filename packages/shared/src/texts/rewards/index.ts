/*
 * Customer-visible texts of the rewards screens (English; translations in ../../i18n). One module
 * per screen or component: a module used by one screen travels in that screen's chunk, so no
 * screen downloads another's words.
 */
export * from './airtime-screen';
export * from './tv-screen';
export * from './electricity-screen';
export * from './data-screen';
export * from './bill-form';
export * from './tv-form';
export * from './electricity-form';
export * from './bill-pin';
export * from './bill-success';
export * from './rewards-screen';
export * from './rewards-success';
export * from './rewards-history';
export * from './reward-row';
export * from './earn';
export * from './earn-success';
export * from './gem-statement';
export * from './rate-alerts';
