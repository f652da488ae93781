export const dashboardGemCardTexts = {
  label: 'Wise Gem balance',
  hide: 'Hide balance',
  show: 'Show balance',
  gems: 'gems',
  hidden: 'Balance hidden',
  history: 'History',
} as const;
