/** Query keys of staff management. */
export const staffKeys = {
  all: ['admin', 'staff'] as const,
  list: () => [...staffKeys.all, 'list'] as const,
  requests: () => [...staffKeys.all, 'requests'] as const,
};
