import { interpretationPermissions } from '../../../rooms/feature-permissions/index.ts';
import type { FeatureEffectHandlers, RoomFeature } from '../types.ts';

/**
 * Interpretation channels. Protocol: `packages/protocol/src/signaling/interpretation.ts`
 * (`set_interpreter`, `choose_channel`). Permission: `set_interpreter` (rooms/feature-permissions/interpretation.ts).
 * Room state and decisions: `rooms/interpretation.ts` (who interprets into which channel, who
 * listens to which; both requests go through the room machine). Effects, here: the media server
 * learns who interprets, and feeds are rerouted to the listeners of each channel only.
 */
export const interpretationFeature: RoomFeature = {
  name: 'interpretation',
  permissions: interpretationPermissions,
};

export const interpretationEffects: Pick<
  FeatureEffectHandlers,
  'media.interpreter' | 'media.listen'
> = {
  'media.interpreter': (room, effect, before, after) => {
    room.routing.setInterpreter(effect.participantId, effect.channel);
    room.routing.rerouteOwner(before, after, effect.participantId);
  },
  'media.listen': (room, effect, before, after) => {
    room.routing.rerouteViewer(before, after, effect.participantId);
  },
};
