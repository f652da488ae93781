/** The alert form's schema, loaded at the first tap or key press (docs/PERFORMANCE.md: zod stays out of /rates' first screen). */
export { createRateAlertSchema } from '@wise/shared';
