/** /earn and its parts (docs/product.md §2, §4). */

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
