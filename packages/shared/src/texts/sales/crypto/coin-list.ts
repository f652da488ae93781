export const coinListTexts = {
  loading: 'Loading coins',
  nairaNote: "Naira prices: what we pay for each coin at today's rate.",
} as const;
