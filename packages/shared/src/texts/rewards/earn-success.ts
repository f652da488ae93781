/** /earn/success (docs/product.md §2). */

export const earnSuccessTexts = {
  title: 'Collected',
  back: 'Back to Earn',
  goHome: 'Go to Home',
  collected: (points: string) => `+${points} gems`,
  balanceLead: 'added. Your balance is now',
  balance: (total: string) => `${total} gems`,
  comeBack: 'Come back tomorrow for more.',
} as const;
