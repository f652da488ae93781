/** Query keys of the gems feature: invalidate `gemKeys.all` after anything that moves gems. */
export const gemKeys = {
  all: ['gems'] as const,
  balance: () => [...gemKeys.all, 'balance'] as const,
  collection: () => [...gemKeys.all, 'collection'] as const,
  statement: () => [...gemKeys.all, 'statement'] as const,
};
