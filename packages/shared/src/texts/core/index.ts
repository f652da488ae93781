/** Customer-visible texts of the core screens (English; translations in ../../i18n). */
export * from './language';
export * from './emails';
export * from './shell';
