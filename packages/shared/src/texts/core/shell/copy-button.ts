export const copyButtonTexts = { copy: 'Copy', copied: 'Copied' } as const;
