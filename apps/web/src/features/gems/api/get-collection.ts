import { queryOptions, useQuery } from '@tanstack/react-query';
import { gemCollectionResponseSchema, type GemCollectionResponse } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { gemKeys } from './keys';

export interface GemCollection extends GemCollectionResponse {
  /** Server clock minus this device's clock when the answer arrived: the countdown uses server time. */
  clockSkewMs: number;
}

/** GET /api/gems/collection: this week's filled days, today, and when today ends (the original api_coin GET). */
export async function getCollection(signal?: AbortSignal): Promise<GemCollection> {
  const data = await api('/api/gems/collection', { schema: import.meta.env.DEV ? gemCollectionResponseSchema : undefined, signal });
  return { ...data, clockSkewMs: Date.parse(data.server_time) - Date.now() };
}

export const collectionQueryOptions = () =>
  queryOptions({ queryKey: gemKeys.collection(), queryFn: ({ signal }) => getCollection(signal) });

export function useCollection() {
  return useQuery(collectionQueryOptions());
}
