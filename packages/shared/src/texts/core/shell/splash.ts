export const splashTexts = { tagline: 'Gift cards · Crypto · Wise Gems' } as const;
