/** Query keys of identity verification; invalidate `verificationKeys.all` after a look-up. */
export const verificationKeys = {
  all: ['verification'] as const,
  status: () => [...verificationKeys.all, 'status'] as const,
};
