/** Query keys of the dashboard: screens invalidate `dashboardKeys.all` after anything it summarises changes. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
};
