import type { ParticipantView, Role } from '@podium/protocol';

/**
 * Which controls this viewer is offered, mirroring the server's permission table
 * (packages/server/src/rooms, decisions.md "Roles"). Offering is a convenience only: the server
 * checks every request and refuses with 'You do not have permission to perform this function'.
 */

export function isModerator(role: Role | undefined): boolean {
  return role === 'host' || role === 'co-host';
}

export interface RoomControls {
  lock: boolean;
  waitingRoom: boolean;
  admit: boolean;
  muteAll: boolean;
  stopAllCameras: boolean;
  endForAll: boolean;
  exportParticipants: boolean;
  exportChat: boolean;
  setMode: boolean;
}

export function roomControls(role: Role | undefined): RoomControls {
  const moderator = isModerator(role);
  const host = role === 'host';
  return {
    lock: moderator,
    waitingRoom: moderator,
    admit: moderator,
    muteAll: moderator,
    stopAllCameras: moderator,
    endForAll: host,
    exportParticipants: moderator,
    exportChat: moderator,
    setMode: host,
  };
}

/** What a viewer may do to another participant (the per-person menu). */
export interface ParticipantActions {
  askAudio: boolean;
  askVideo: boolean;
  makePresenter: boolean;
  stopPresenter: boolean;
  makeCoHost: boolean;
  removeCoHost: boolean;
  pinForAll: boolean;
  lowerHand: boolean;
  remove: boolean;
  block: boolean;
}

export const NO_ACTIONS: ParticipantActions = {
  askAudio: false,
  askVideo: false,
  makePresenter: false,
  stopPresenter: false,
  makeCoHost: false,
  removeCoHost: false,
  pinForAll: false,
  lowerHand: false,
  remove: false,
  block: false,
};

export function participantActions(
  viewer: ParticipantView | null,
  target: ParticipantView,
): ParticipantActions {
  if (!viewer || !isModerator(viewer.role)) return NO_ACTIONS;
  const self = viewer.id === target.id;
  const host = viewer.role === 'host';
  // Co-hosts cannot act against the host; nobody removes themselves through this menu.
  const againstHost = target.role === 'host' && !host;
  const attendee = target.role === 'participant' || target.role === 'guest';
  return {
    askAudio: !self && !target.audio,
    askVideo: !self && !target.video,
    makePresenter: !self && attendee,
    stopPresenter: !self && target.role === 'presenter',
    makeCoHost:
      host && !self && !target.guest && target.role !== 'co-host' && target.role !== 'host',
    removeCoHost: host && !self && target.role === 'co-host',
    pinForAll: true,
    lowerHand: !self && target.hand_raised_at !== null,
    remove: !self && !againstHost && target.role !== 'host',
    block: !self && !againstHost && target.role !== 'host',
  };
}
