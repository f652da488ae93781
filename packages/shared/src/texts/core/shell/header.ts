export const headerTexts = { back: 'Back' } as const;
