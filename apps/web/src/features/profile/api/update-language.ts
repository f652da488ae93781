import { messageResponseSchema, type Language } from '@wise/shared';
import { api } from '#web/lib/api-client';

/** PUT /api/profile/language: the account's language, which e-mails and notifications follow. */
export function updateLanguage(language: Language) {
  return api('/api/profile/language', {
    method: 'PUT',
    body: { language },
    schema: import.meta.env.DEV ? messageResponseSchema : undefined,
  });
}
