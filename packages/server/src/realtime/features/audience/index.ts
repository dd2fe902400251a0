import { audiencePermissions } from '../../../rooms/feature-permissions/index.ts';
import type { RoomFeature } from '../types.ts';
import { audienceChatSlot } from './chat.ts';
import { endAudience } from './requests.ts';
import { audienceSlot } from './stream.ts';

/**
 * The audience stream: the room's composed picture as HLS on the public watch page
 * /live/{alias} (issue 12 item 4). Protocol: `packages/protocol/src/signaling/audience.ts`.
 * Permission: `audience_stream` (rooms/feature-permissions/audience.ts; hosts and co-hosts,
 * never in end-to-end encrypted rooms). State: per room run (`stream.ts`), announced to
 * everyone on change and after every welcome (a new participant's only when not off). Effects:
 * one HLS output of the room's egress (`FeatureDeps.egress`), written where the watch page's
 * service (`FeatureDeps.audience`, services/live) serves it; the viewer count comes from that
 * service.
 *
 * The event's audience chat (chat.ts): everyone in the room gets its newest lines after every
 * welcome (a new participant's only when there are some) and each new line
 * (`audience_chat_message`); the stage answers with `audience_chat`.
 * The watch page's side of the same channel is services/live (SSE + POST, http/live/chat).
 *
 * Livestream rooms are not put on air automatically: the call shows hosts a prominent
 * "Start audience stream" instead (an empty stage or a host still setting up is never
 * broadcast behind their back).
 */
export const audienceFeature: RoomFeature = {
  name: 'audience',
  permissions: audiencePermissions,
  slots: [audienceSlot, audienceChatSlot],
  welcome: (room) => {
    const chat = room.local(audienceChatSlot);
    chat.attach(room);
    return [
      room.local(audienceSlot).message(),
      { type: 'audience_chat_history', messages: [...chat.messages] },
    ];
  },
  ended: async (room) => {
    room.local(audienceChatSlot).detach();
    await endAudience(room);
  },
};

export { audienceStart, audienceStop } from './requests.ts';
export { audienceChat } from './chat.ts';
export type { AudienceChatChannel, AudienceOutputs } from './services.ts';
