export const notificationsScreenTexts = {
  header: 'Notifications',
  title: 'Notifications · Wise',
  loading: 'Loading',
  emptyTitle: 'No notifications yet',
  emptyText: 'We will let you know here when something happens on your account.',
  unread: 'Unread',
} as const;
