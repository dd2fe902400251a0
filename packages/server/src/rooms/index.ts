/**
 * The room domain: a pure state machine (`decide`) and the role × action permission table
 * (`can`). No I/O: the socket gateway feeds it commands and carries out what it returns.
 */
export { decide } from './room-machine.ts';
export { can } from './permissions.ts';
export type { Condition, PermissionContext, PermissionRow, Rule } from './permissions.ts';
export * from './roles.ts';
export {
  createRoom,
  canSee,
  identityKey,
  inRoom,
  peopleCount,
  publishRights,
  RECORDER_IDENTITY,
  DEFAULT_GRACE_MS,
} from './state.ts';
export type {
  CreateRoomOptions,
  EndReason,
  Identity,
  MediaState,
  Participant,
  PresentStatus,
  PublishRights,
  Returning,
  RoomLimits,
  RoomState,
} from './state.ts';
export { resolveAudience } from './views.ts';
export { Audiences } from './audiences.ts';
export type { Audience, Outgoing } from './views.ts';
export { roomError } from './types.ts';
export { hearsFeedsOf } from './interpretation.ts';
export type { CommandResult, Decision, Effect, RoomCommand, RoomError } from './types.ts';
export { assertNever } from '../shared/assert-never.ts';
