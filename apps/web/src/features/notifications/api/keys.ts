/** Query keys of the notifications feature: screens invalidate `notificationKeys.all` after a change the server notifies. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};
