import { AUDIENCE_CHAT_HISTORY, type AudienceChatMessage } from '@podium/protocol';
import { identityKey, isStageRole, roomError } from '../../../rooms/index.ts';
import { AudienceChatTooFast } from '../../../services/live/audience-chat.ts';
import type { FeatureRequestHandler, FeatureRoom, FeatureSlot } from '../types.ts';

/**
 * The audience chat in the call: everyone in the room reads the event's audience chat (it is
 * public on the watch page anyway) in its own panel, apart from the room's chat; the stage
 * answers there. The channel is services/live's (`FeatureDeps.audience.chat`): lines written on
 * the watch page and lines written here reach both sides through it.
 */
export class AudienceChatLog {
  messages: AudienceChatMessage[];
  #unsubscribe: (() => void) | null = null;
  #room: FeatureRoom | null = null;

  constructor(messages: AudienceChatMessage[]) {
    this.messages = messages;
  }

  /**
   * Starts relaying the channel's new lines to the room (on the first welcome: the slot opens
   * without its room). Each line is kept and delivered in the room's turn, so a joiner's
   * history and the lines delivered after it never overlap.
   */
  attach(room: FeatureRoom): void {
    const channel = room.deps.audience?.chat;
    if (this.#room || !channel) return;
    this.#room = room;
    this.#unsubscribe = channel.subscribe(room.roomId, (message) => {
      room
        .turn(() => {
          this.messages.push(message);
          if (this.messages.length > AUDIENCE_CHAT_HISTORY) {
            this.messages = this.messages.slice(-AUDIENCE_CHAT_HISTORY);
          }
          room.deliver([
            { to: { to: 'everyone' }, message: { type: 'audience_chat_message', message } },
          ]);
        })
        // The room closed: its `ended` hook lets go of the channel.
        .catch(() => undefined);
    });
  }

  detach(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#room = null;
  }
}

export const audienceChatSlot: FeatureSlot<AudienceChatLog> = {
  name: 'audience-chat',
  open: async (deps, roomId) =>
    new AudienceChatLog(deps.audience ? await deps.audience.chat.recent(roomId) : []),
};

/**
 * The stage answers the audience: hosts, co-hosts, presenters and speakers (the people the
 * audience sees), connected. Attendees of the room read along but do not write to the public.
 */
export const audienceChat: FeatureRequestHandler<'audience_chat'> = async (
  room,
  by,
  request,
  answer,
) => {
  const sender = await room.turn(() => {
    const p = room.state.participants.get(by);
    if (!p || p.status !== 'connected') return roomError('not_joined', 'room.not_in_room');
    if (!isStageRole(p.role)) return roomError('permission', 'audience.chat_stage_only');
    return { identity: identityKey(p.identity), name: p.name, from: 'stage' as const };
  });
  if ('code' in sender) return answer({ ok: false, error: sender });
  const channel = room.deps.audience?.chat;
  if (!channel) {
    return answer({ ok: false, error: roomError('media_unavailable', 'audience.unavailable') });
  }
  try {
    const message = await channel.post(room.roomId, sender, request.text);
    answer({ ok: true, data: { message } });
  } catch (error) {
    if (error instanceof AudienceChatTooFast) {
      return answer({ ok: false, error: roomError('rate_limited', 'audience.chat_too_fast') });
    }
    room.log.error({ err: error }, 'audience chat line could not be written');
    answer({ ok: false, error: roomError('internal', 'errors.internal') });
  }
};
