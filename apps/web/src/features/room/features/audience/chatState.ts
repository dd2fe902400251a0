import type { AudienceChatMessage, AudienceView, Role, RoomMode } from '@podium/protocol';
import type { FeatureSlice } from '../../state/featureState.ts';

/** Lines the call keeps (the history plus what arrives during the call). */
const KEEP = 500;

export interface AudienceChatSlice {
  /** Oldest first. */
  messages: readonly AudienceChatMessage[];
  /** Lines received since the call joined (the toggle counts the unread ones with it). */
  received: number;
}

/**
 * The event's audience chat as the call sees it: the history after every welcome (a new
 * participant's only when there are lines), then each new line (from the watch page or the
 * stage), once each.
 */
export const audienceChatSlice: FeatureSlice<AudienceChatSlice> = {
  key: 'audience-chat',
  initial: { messages: [], received: 0 },
  reduce: (slice, input) => {
    switch (input.type) {
      case 'audience_chat_history':
        return { ...slice, messages: input.messages };
      case 'audience_chat_message': {
        if (slice.messages.some((m) => m.id === input.message.id)) return slice;
        return {
          ...slice,
          messages: [...slice.messages, input.message].slice(-KEEP),
          received: slice.received + 1,
        };
      }
      default:
        return slice;
    }
  },
};

/** The stage answers the audience (the server's rule, `audience_chat`). */
export const canAnswerAudience = (role: Role | undefined): boolean =>
  role === 'host' || role === 'co-host' || role === 'presenter' || role === 'speaker';

/**
 * The panel's control shows in livestream rooms, and in any room while it is on its watch page
 * (theater and conference overflow audiences), never in end-to-end encrypted rooms.
 */
export const showsAudienceChat = (mode: RoomMode | null, view: AudienceView): boolean =>
  mode !== 'endtoend' && (mode === 'livestream' || view.state !== 'off');
