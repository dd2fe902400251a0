import type { InCallFeature } from '../inCallFeature.ts';
import { ParticipantsPanel } from './ParticipantsPanel.tsx';
import { useParticipantsControls } from './ParticipantsToggle.tsx';

/**
 * The participants panel: the roster with each person's state and the host's actions on them
 * (other features add items to a person's menu), the waiting room, raised hands and the room's
 * controls (lock, mute all, mode, export, end for all).
 */
export const participantsFeature: InCallFeature = {
  id: 'participants',
  useControls: useParticipantsControls,
  panel: { Component: ParticipantsPanel },
};
