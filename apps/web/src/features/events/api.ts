import type {
  AliasDto,
  AliasListResponse,
  AliasShortDetail,
  CreateAliasInput,
  UpdateAliasInput,
  UrlResponse,
} from '@podium/protocol';
import { api, graphql, type ApiClient } from '../../shared/api/index.ts';
import { apiPaths } from '@podium/protocol';

/** What the list endpoint takes; `after` continues from the previous page. */
export interface ListPageRequest {
  after?: string | null;
  limit?: number;
  search?: string;
}

const ALIAS_FIELDS = `
  id type name title description require_passcode passcode start_time end_time duration mode
  join_before_host invite_link speaker_link speakers { name email } expired_at
  owner { id name } created_at updated_at
`;

const ALIAS_QUERY = `query Alias($input: AliasInput!) { alias(input: $input) { ${ALIAS_FIELDS} } }`;

/** The owner's event calls of spec §7 ("QR code/conference"), all (T) but short-detail/calendar. */
export function createEventsApi(client: ApiClient = api) {
  return {
    create: (body: CreateAliasInput) => client.post<AliasDto>(apiPaths.events.create, body),
    update: (body: UpdateAliasInput) => client.post<AliasDto>(apiPaths.events.update, body),
    remove: (id: string) =>
      client.delete<{ id: string; deleted: true }>(apiPaths.events.remove, { body: { id } }),
    list: (request: ListPageRequest, signal?: AbortSignal) =>
      client.post<AliasListResponse>(
        apiPaths.events.list,
        {
          type: 'conference',
          ...(request.after ? { after: request.after } : {}),
          ...(request.limit ? { limit: request.limit } : {}),
          ...(request.search ? { search: request.search } : {}),
        },
        { signal },
      ),
    hostUrl: (alias: string) =>
      client.get<UrlResponse>(apiPaths.events.hostUrl, { query: { alias } }),
    shortDetail: (alias: string, signal?: AbortSignal) =>
      client.get<AliasShortDetail>(apiPaths.events.shortDetail, {
        query: { alias },
        auth: false,
        signal,
      }),
    /**
     * The event's iCalendar file in the viewer's time zone. Fetched (not linked) because API
     * paths need the X-Requested-With header; the owner's token adds the description.
     */
    calendarFile: async (alias: string, timeZone: string | undefined) => {
      const text = await client.get<unknown>(apiPaths.events.calendar, {
        query: { alias, tz: timeZone },
        headers: { Accept: 'text/calendar' },
      });
      return typeof text === 'string' ? text : String(text ?? '');
    },
  };
}

export const eventsApi = createEventsApi();

/**
 * One event by id through GraphQL `alias(input)` (there is no REST read of a single event).
 * Errors arrive in the GraphQL body, so a foreign id does not trip the 403 → logout rule.
 */
export async function fetchEvent(id: string): Promise<AliasDto> {
  const data = await graphql<{ alias: AliasDto | null }>(ALIAS_QUERY, { input: { id } }, 'Alias');
  if (!data?.alias) throw new Error('not found');
  return data.alias;
}

export const eventQueryKey = (id: string) => ['events', 'detail', id] as const;

/** The viewer's IANA time zone, for the calendar file; undefined when the browser hides it. */
export function viewerTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
