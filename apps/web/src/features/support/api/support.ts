import { queryOptions, useQuery } from '@tanstack/react-query';
import { supportContactsResponseSchema } from '@wise/shared';
import { api } from '../../../lib/api-client';
import { supportKeys } from './keys';

/** GET /api/support → WhatsApp and e-mail contacts (server configuration). */
export const getSupportContacts = (signal?: AbortSignal) => api('/api/support', { schema: supportContactsResponseSchema, signal });
export const supportQuery = () =>
  queryOptions({ queryKey: supportKeys.contacts(), queryFn: ({ signal }) => getSupportContacts(signal), staleTime: 60 * 60 * 1000 });
export const useSupportContacts = () => useQuery(supportQuery());
