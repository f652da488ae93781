/** /homepage/notifications' own words; the messages themselves are written by the server (notificationTexts). */
export const notificationsScreenTexts = {
  title: 'Notifications',
  pageTitle: 'Notifications · Wise',
  loading: 'Loading',
  emptyTitle: 'No notifications yet',
  emptyText: 'We will let you know here when something happens on your account.',
  unread: 'Unread',
} as const;
