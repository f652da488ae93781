/** The bills' success screens (docs/product.md §2). */

export const billSuccessScreenTexts = {
  goHome: 'Go to Home',
  buyAgain: 'Buy again',
  summary: (title: string, gems: string) => `${title} · ${gems} gems`,
  copyToken: 'Copy token',
  tokenCopied: 'Token copied',
} as const;
