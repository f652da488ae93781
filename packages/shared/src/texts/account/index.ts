/** Customer-visible texts of the account screens (English; translations in ../../i18n). */
export * from './auth';
export * from './profile';
export * from './bank';
export * from './pin';
export * from './help';
