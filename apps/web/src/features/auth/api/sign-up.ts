import { useMutation } from '@tanstack/react-query';
import { signupResponseSchema, type SignupInput } from '@wise/shared';
import { api } from '../../../lib/api-client';

/** POST /api/auth/signup → 201 {email, message}; the server e-mails the OTP. */
export function signUp(input: SignupInput) {
  return api('/api/auth/signup', { method: 'POST', body: input, schema: import.meta.env.DEV ? signupResponseSchema : undefined });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
