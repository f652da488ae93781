export const fetchErrorTexts = { retry: 'Try again', retrying: 'Retrying...' } as const;
