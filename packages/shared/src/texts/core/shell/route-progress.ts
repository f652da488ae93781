export const routeProgressTexts = { loading: 'Loading' } as const;
