import type { MediaKind, Role, RoomMode } from '@podium/protocol';
import type { Action } from './roles.ts';

/**
 * The cells of the role × action table (spec §6, decisions.md "Roles"): `true`, `false`, or a
 * condition evaluated against the context of the attempt. Shared by the core rows
 * (permissions.ts) and the in-call features' columns (feature-permissions/).
 */
export type Condition =
  /** Attendees publish only what a host or co-host let them (conference-like modes). */
  | { readonly requires: 'grant'; readonly grant: MediaKind }
  /** Gifts move money: they need an account. */
  | { readonly requires: 'signed_in' }
  /** Co-hosts cannot remove or block the host. */
  | { readonly requires: 'target_not_host' }
  /** End-to-end encrypted rooms are never recorded or streamed by the server. */
  | { readonly requires: 'unencrypted' };

export type Rule = boolean | Condition;
export type PermissionRow = Readonly<Record<Action, Rule>>;

/**
 * The permission columns an in-call feature declares: for each of its actions, the rule of
 * every role. Written per role (not derived from the core rows) so a feature's rights read in one
 * place and a new role cannot silently inherit them.
 */
export type FeatureColumns<A extends Action = Action> = Readonly<
  Record<A, Readonly<Record<Role, Rule>>>
>;

export interface PermissionContext {
  readonly mode?: RoomMode;
  readonly signedIn?: boolean;
  readonly grants?: Readonly<Record<MediaKind, boolean>>;
  /** The role of the participant acted upon, for actions with a target. */
  readonly targetRole?: Role;
}

export const GRANT_AUDIO: Condition = { requires: 'grant', grant: 'audio' };
export const GRANT_VIDEO: Condition = { requires: 'grant', grant: 'video' };
export const SIGNED_IN: Condition = { requires: 'signed_in' };
export const TARGET_NOT_HOST: Condition = { requires: 'target_not_host' };
export const UNENCRYPTED: Condition = { requires: 'unencrypted' };
