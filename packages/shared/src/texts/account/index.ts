/** Customer-visible texts of the account screens (English; translations in ../../i18n). */
export * from './auth';
export * from './profile';
