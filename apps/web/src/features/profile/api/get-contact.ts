import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { profileKeys } from './keys';

/** GET /api/profile/contact → the current email (start of the email change). */
export function getContact(signal?: AbortSignal) {
  return api('/api/profile/contact', { schema: import.meta.env.DEV ? contactResponseSchema : undefined, signal });
}

export const contactQueryOptions = () => queryOptions({ queryKey: profileKeys.contact(), queryFn: ({ signal }) => getContact(signal) });

export function useContact() {
  return useQuery(contactQueryOptions());
}
