import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type resendOtpSchema } from '@wise/shared';
import type { z } from 'zod';
import { api } from '#web/lib/api-client';

export type ResendOtpInput = z.infer<typeof resendOtpSchema>;

/** POST /api/auth/otp/resend → 200 {message}; throttled (429) by the server. */
export function resendOtp(input: ResendOtpInput) {
  return api('/api/auth/otp/resend', { method: 'POST', body: input, schema: import.meta.env.DEV ? messageResponseSchema : undefined });
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
