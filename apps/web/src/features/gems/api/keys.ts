/** Query keys of the gems feature: invalidate `gemKeys.all` after anything that moves gems. */
export const gemKeys = {
  all: ['gems'] as const,
  balance: ['gems', 'balance'] as const,
  collection: ['gems', 'collection'] as const,
};
