/*
 * The Wise Gems screens' own words (docs/product.md §2 /earn, /earn/success, /profile/wisegembalance
 * and its statement): one object per screen or component. The gems' messages are gemMessages
 * (plain/gems.ts) and gemStatementTexts (plain/gem-statement.ts).
 */

export const earnScreenTexts = {
  title: 'Earn',
  pageTitle: 'Earn · Wise',
  heading: 'Daily Wise Gems',
  text: 'Collect every day of the week. The bigger gems come later in the week.',
  collectFailed: "Couldn't collect your Wise Gems. Try again",
  fetchFailed: "Couldn't fetch details",
  tryAgain: 'Try again',
  rewards: 'Rewards',
  rewardsSub: 'Every approved sale earns gems. Collect them here.',
} as const;

export const earnSuccessTexts = {
  title: 'Collected',
  back: 'Back to Earn',
  goHome: 'Go to Home',
  collected: (points: string) => `+${points} gems`,
  balanceLead: 'added. Your balance is now',
  balance: (total: string) => `${total} gems`,
  comeBack: 'Come back tomorrow for more.',
} as const;

export const dayGridTexts = {
  label: "This week's Wise Gems",
  weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  day: (day: number) => `Day ${day}`,
  today: 'Today',
  sundayBonus: 'Sunday bonus',
  status: {
    collected: 'collected',
    today: 'today, not collected yet',
    missed: 'not collected',
    upcoming: 'coming up',
  },
  card: (day: number, name: string, amount: number, status: string) => `Day ${day}, ${name}: +${amount} gems, ${status}`,
} as const;

export const collectButtonTexts = {
  collecting: 'Collecting...',
  /** After today's collection, counting down to midnight (the countdown is HH:MM:SS). */
  comeBack: (countdown: string) => `Come back in ${countdown}`,
} as const;

export const gemBalanceCardTexts = {
  label: 'Wise Gem balance',
  failed: "Couldn't fetch details.",
  retry: 'Retry',
  unit: 'gems',
} as const;

export const gemStatementRowTexts = { unit: ' gems' } as const;

export const gemBalanceScreenTexts = {
  title: 'Wise Gem Balance',
  pageTitle: 'Wise Gem Balance · Wise',
  total: 'Total points',
  totalGems: 'Total Wise Gems',
  collect: 'Collect Wise Gems',
} as const;

export const gemStatementScreenTexts = {
  loading: 'Loading',
  pageTitle: (title: string) => `${title} · Wise`,
} as const;
