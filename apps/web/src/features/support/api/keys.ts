/** Query keys of the support feature. */
export const supportKeys = {
  all: ['support'] as const,
  contacts: () => [...supportKeys.all, 'contacts'] as const,
};
