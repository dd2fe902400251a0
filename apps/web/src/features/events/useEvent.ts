import { useQuery } from '@tanstack/react-query';
import { eventQueryKey, fetchEvent } from './api.ts';

/** One of my events by id (GraphQL alias); a missing or foreign id is an error, not retried. */
export function useEvent(id: string | undefined) {
  return useQuery({
    queryKey: eventQueryKey(id ?? ''),
    queryFn: () => fetchEvent(id ?? ''),
    enabled: Boolean(id),
    retry: false,
  });
}
