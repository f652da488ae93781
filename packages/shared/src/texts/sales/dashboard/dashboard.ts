export const dashboardTexts = {
  title: 'Home · Wise',
  profile: 'Your profile',
  greeting: (name: string) => `Hi, ${name}`,
  welcome: 'Welcome back to Wise',
  notifications: 'Notifications',
  notificationsUnread: (unread: number) => `Notifications, ${unread} unread`,
  loading: 'Loading',
} as const;
