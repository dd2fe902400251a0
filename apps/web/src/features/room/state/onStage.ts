import type { ParticipantView, RoomMode } from '@podium/protocol';

/**
 * Who gets a tile. In a meeting everyone does. In conference-like rooms (conference, theater,
 * livestream) only the stage does (decisions.md: "Only presenters appear on the stage"): an
 * audience of thousands cannot be tiles, so attendees (participants and guests) get none — and
 * no subscription — unless a host let them speak or present and they publish. Hosts still list
 * the audience in the participants panel.
 */
export function isOnStage(mode: RoomMode | null, p: ParticipantView): boolean {
  if (mode === null || mode === 'meeting' || mode === 'endtoend') return true;
  if (p.role !== 'participant' && p.role !== 'guest') return true;
  return p.audio || p.video || p.screen;
}
