import { errorBodySchema } from '@wise/shared';

/** Declared on every route so the OpenAPI document shows the one error body. */
export const errorResponses = {
  '4xx': errorBodySchema,
  '5xx': errorBodySchema,
} as const;
