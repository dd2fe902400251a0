import type { ComponentType, ReactNode } from 'react';
import type { ChatMessageView, FeedView, ParticipantView } from '@podium/protocol';
import type { FeatureReducers, FeatureSlice } from '../state/featureState.ts';
import type { RoomInput } from '../state/roomState.ts';
import type { StageContentRef, StageTile } from '../state/stage.ts';
import type { StageMode } from '../state/stageMode.ts';
import type { RoomStore, RoomStoreState } from '../store.ts';
import type { Size } from '../ui/stageLayout.ts';

/**
 * What an in-call feature adds to the call (README.md beside this file). The call shell
 * (ui/CallView, ui/ControlsBar, ui/Tile, ui/RemoteAudio) renders the contributions of the
 * session's features in the order of `IN_CALL_FEATURES`; it never names a feature. Every part
 * is optional: a feature contributes only what it has.
 */
export interface InCallFeature {
  /** Unique; also the id of its side panel (`RoomSession.openPanel(id)`). */
  readonly id: string;

  // ---- State (framework-free, folded by the room store)
  /** The feature's own state in the room store, folded from room events. */
  readonly slice?: FeatureSlice<unknown>;
  /** An event that also shows as a chat line, and how that line renders. */
  readonly chat?: ChatLineContribution;
  /** Gain of a received feed's sound (multiplied over features; 1 = untouched). */
  feedGain?(state: RoomStoreState, feed: FeedView | undefined): number;

  // ---- UI (thin: components read the store and call the feature's actions)
  /** Controls for the controls bar, between the core controls and Leave (Jitsi's useXButton). */
  readonly useControls?: () => readonly ControlContribution[];
  /** A side panel beside the stage; one panel shows at a time. */
  readonly panel?: PanelContribution;
  /** Shown in the call header after the room's mode (badges, a dialog it opens). */
  readonly Header?: ComponentType<CallInfo>;
  /** Drawn over every tile (a status of that tile's feed). */
  readonly TileOverlay?: ComponentType<{ tile: StageTile }>;
  /** Mounted once over the call (announcements, animations). */
  readonly Overlay?: ComponentType;
  /** What the feature shows on the stage as a featured tile of its own (whiteboard, video). */
  readonly stageContent?: StageContentContribution;
  /**
   * Drawn behind the stage's tiles, filling the stage area (a studio scene). The recorder page
   * renders the same stage, so recordings and live streams show it too.
   */
  readonly StageBack?: ComponentType<StageLayerProps>;
  /**
   * Drawn over the stage's tiles, filling and clipped to the stage area, never over the
   * controls (a logo, a banner). Clicks pass through it to the tiles unless an element of the
   * layer sets `pointer-events: auto`.
   */
  readonly StageFront?: ComponentType<StageLayerProps>;
  /**
   * An arrangement of the stage for everyone (the studio's video layout), over each viewer's own
   * layout; null leaves the viewer's. The first feature with one wins.
   */
  stageMode?(state: RoomStoreState): StageMode | null;
  /** Items of a participant's action menu in the participants panel. */
  readonly participantMenu?: ParticipantMenuContribution;
}

/** The call the view shows: its title and alias (the join link's name). */
export interface CallInfo {
  title: string;
  alias: string;
}

/** One control of the bar. Its accessible name must exist in English and Vietnamese. */
export interface ControlContribution {
  /** Unique in the bar. */
  key: string;
  element: ReactNode;
}

export interface PanelContribution {
  Component: ComponentType<CallInfo & { onClose: () => void }>;
  /** Told when its panel opens or closes (chat: reset the unread count). */
  onOpenChange?(store: RoomStore, open: boolean): void;
}

export interface ChatLineContribution {
  /** The chat line an event adds, or null (most events add none). */
  lineFor(input: RoomInput): ChatMessageView | null;
  /** Whether a chat message is one of this feature's lines. */
  owns(message: ChatMessageView): boolean;
  Line: ComponentType<{ message: ChatMessageView }>;
}

export interface StageContentContribution {
  /**
   * The ids of what the feature shows on the stage now and who put each there (usually none or
   * one), read from the room store. Content is featured like a screen share.
   */
  contents(state: RoomStoreState): readonly Omit<StageContentRef, 'featureId'>[];
  /** Draws one content inside its tile (it fills the tile; the tile has the stage's size). */
  Content: ComponentType<StageContentProps>;
}

export interface StageContentProps {
  contentId: string;
  /** Who put it on the stage. */
  participantId: string;
  /** The tile's size in CSS pixels. */
  size: Size;
  /** Shown without controls (the recorder's view of the stage). */
  viewOnly: boolean;
}

export interface StageLayerProps {
  /** The stage area's size in CSS pixels (overlays scale with it). */
  area: Size;
  /** The recorder's view of the stage: nothing interactive. */
  viewOnly: boolean;
}

export interface ParticipantMenuContribution {
  /** Whether `viewer` has any of these items for `participant` (an empty menu is not shown). */
  available(viewer: ParticipantView | null, participant: ParticipantView): boolean;
  Items: ComponentType<{ viewer: ParticipantView | null; participant: ParticipantView }>;
}

/** The store's reducers for a set of features. */
export function featureReducers(features: readonly InCallFeature[]): FeatureReducers {
  const slices: FeatureSlice<unknown>[] = [];
  const chatLines: FeatureReducers['chatLines'][number][] = [];
  const ids = new Set<string>();
  for (const feature of features) {
    if (ids.has(feature.id)) throw new Error(`in-call feature '${feature.id}' registered twice`);
    ids.add(feature.id);
    if (feature.slice) slices.push(feature.slice);
    if (feature.chat) chatLines.push((input) => feature.chat?.lineFor(input) ?? null);
  }
  return { slices, chatLines };
}
