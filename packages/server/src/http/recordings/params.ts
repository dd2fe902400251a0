import { z } from 'zod';
import { recordingId } from '@podium/protocol';
import { notFound } from '../../shared/errors.ts';

const params = z.object({ id: recordingId });

/** The `:id` of a recordings path; an id that cannot exist is a 404. */
export function recordingParam(raw: unknown): string {
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data.id;
}
