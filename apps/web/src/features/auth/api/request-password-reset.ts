import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type passwordResetRequestSchema } from '@wise/shared';
import type { z } from 'zod';
import { api } from '#web/lib/api-client';

export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/auth/password-reset → 200 {message}; e-mails a single-use link (docs/decisions.md §3). */
export function requestPasswordReset(input: PasswordResetRequestInput) {
  return api('/api/auth/password-reset', { method: 'POST', body: input, schema: import.meta.env.DEV ? messageResponseSchema : undefined });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
