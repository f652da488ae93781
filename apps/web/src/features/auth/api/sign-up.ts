import { useMutation } from '@tanstack/react-query';
import { defaultLanguage, signupResponseSchema, type SignupInput } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { currentLanguage } from '#web/lib/i18n';

/** POST /api/auth/signup → 201 {email, message}; the server e-mails the OTP. */
export function signUp(input: SignupInput) {
  // The device's language becomes the account's, so the code e-mail already speaks it (docs/i18n.md).
  const language = currentLanguage();
  const body = language === defaultLanguage ? input : { ...input, language };
  return api('/api/auth/signup', { method: 'POST', body, schema: import.meta.env.DEV ? signupResponseSchema : undefined });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
