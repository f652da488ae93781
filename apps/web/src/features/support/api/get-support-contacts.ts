import { queryOptions, useQuery } from '@tanstack/react-query';
import { supportContactsResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { supportKeys } from './keys';

/** Server configuration: it changes with a deploy, not during a visit. */
const SUPPORT_STALE_MS = 60 * 60 * 1000;

/** GET /api/support → WhatsApp and e-mail contacts (SUPPORT_WHATSAPP, SUPPORT_EMAIL). */
export function getSupportContacts(signal?: AbortSignal) {
  return api('/api/support', { schema: import.meta.env.DEV ? supportContactsResponseSchema : undefined, signal });
}

export const supportContactsQueryOptions = () =>
  queryOptions({ queryKey: supportKeys.contacts(), queryFn: ({ signal }) => getSupportContacts(signal), staleTime: SUPPORT_STALE_MS });

export function useSupportContacts() {
  return useQuery(supportContactsQueryOptions());
}
