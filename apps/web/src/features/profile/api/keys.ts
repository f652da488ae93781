/**
 * Query keys of the profile feature. Invalidate `profileKeys.all` after any profile write; other
 * features' data that shows the profile (dashboard, notifications) is refreshed by the screen.
 */
export const profileKeys = {
  all: ['profile'] as const,
  detail: () => [...profileKeys.all, 'detail'] as const,
  contact: () => [...profileKeys.all, 'contact'] as const,
  limits: () => [...profileKeys.all, 'limits'] as const,
};
