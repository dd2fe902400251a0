import { z } from 'zod';
import { calendarQuery as baseCalendarQuery } from '@podium/protocol';

export { aliasQuery as shortDetailQuery, detailQuery, verifyCallRequest } from '@podium/protocol';

/** calendar?alias[&tz][&authorize_data]: a join ticket adds the description, as in detail. */
export const calendarQuery = baseCalendarQuery.extend({
  authorize_data: z.string().max(4096).optional(),
});
