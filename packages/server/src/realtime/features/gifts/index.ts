import type { GiftRoom, GiftRooms } from '../../../services/gifts/index.ts';
import { giftPermissions } from '../../../rooms/feature-permissions/index.ts';
import type { FeatureRoom, RoomFeature } from '../types.ts';

/**
 * Gifts in a live room. Protocol: `gift_given` in `packages/protocol/src/signaling/gifts.ts`
 * (giving is HTTP: `POST /api/gifts/give`, services/gifts). Permission: `give_gift`
 * (rooms/feature-permissions/gifts.ts). No room state of its own: the gifts service reads who is in the room
 * and, once the money moved, announces the gift to everyone through `giftRooms`.
 */
export const giftsFeature: RoomFeature = { name: 'gifts', permissions: giftPermissions };

/** The live rooms of this process as the gifts service uses them (`GiftsService.useRooms`). */
export function giftRooms(rooms: {
  find(roomId: string): Promise<{ readonly features: FeatureRoom }> | undefined;
}): GiftRooms {
  return {
    find: (roomId) => rooms.find(roomId)?.then((host) => giftRoom(host.features)),
  };
}

function giftRoom(room: FeatureRoom): GiftRoom {
  return {
    get state() {
      return room.state;
    },
    // Everyone present hears of it, in turn with the room's commands.
    announceGift: (message) => room.turn(() => room.deliver([{ to: { to: 'everyone' }, message }])),
  };
}
