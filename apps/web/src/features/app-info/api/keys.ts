/** Query keys of the app-info feature: facts about the business that change only with a deploy. */
export const appInfoKeys = {
  all: ['app-info'] as const,
  detail: () => [...appInfoKeys.all, 'detail'] as const,
};
