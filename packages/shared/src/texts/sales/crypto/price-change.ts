export const priceChangeTexts = {
  up: (change: string) => `up ${change}`,
  down: (change: string) => `down ${change}`,
  label: (said: string) => `24 hour change ${said}`,
} as const;
