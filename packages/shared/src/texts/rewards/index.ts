/** Customer-visible texts of the rewards screens (English; translations in ../../i18n). */
export * from './bills';
export * from './rewards';
export * from './gems';
export * from './notifications';
