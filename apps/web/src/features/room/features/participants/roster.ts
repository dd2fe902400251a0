import type { ParticipantView, RoomMode } from '@podium/protocol';
import { isOnStage } from '../../state/onStage.ts';

/** The audience list shows this many people per page: a conference may hold thousands. */
const AUDIENCE_PAGE_SIZE = 50;

/**
 * The roster as the panel lists it: in conference-like rooms the stage first, then the audience
 * (searchable, paged); in a meeting everyone is on the stage.
 */
export function splitRoster(
  mode: RoomMode | null,
  people: readonly ParticipantView[],
): { stage: ParticipantView[]; audience: ParticipantView[] } {
  const stage: ParticipantView[] = [];
  const audience: ParticipantView[] = [];
  for (const p of people) (isOnStage(mode, p) ? stage : audience).push(p);
  return { stage, audience };
}

/** Case- and accent-insensitive ("Đức" is found by "duc"), as Vietnamese names need. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLocaleLowerCase();
}

export function searchPeople(people: readonly ParticipantView[], query: string) {
  const q = fold(query.trim());
  return q ? people.filter((p) => fold(p.name).includes(q)) : [...people];
}

/** One page (1-based, clamped into range) and the number of pages (at least 1). */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  size = AUDIENCE_PAGE_SIZE,
): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}
