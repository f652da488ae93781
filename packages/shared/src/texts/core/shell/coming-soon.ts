export const comingSoonTexts = { badge: 'COMING SOON', backHome: 'Back to Home' } as const;
