import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type verifyOtpSchema } from '@wise/shared';
import type { z } from 'zod';
import { api } from '#web/lib/api-client';

export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;

/** POST /api/auth/otp/verify → 200 {message}. */
export function verifyOtp(input: VerifyOtpInput) {
  return api('/api/auth/otp/verify', { method: 'POST', body: input, schema: import.meta.env.DEV ? messageResponseSchema : undefined });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
