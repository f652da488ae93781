/** Query keys of the referrals feature. */
export const referralKeys = {
  all: ['referrals'] as const,
  summary: () => [...referralKeys.all, 'summary'] as const,
};
