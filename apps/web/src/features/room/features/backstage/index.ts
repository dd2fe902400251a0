import type { InCallFeature } from '../inCallFeature.ts';
import { canMove } from './actions.ts';
import { BackstageMenuItems, InvisibleBadge, useBackstageControls } from './BackstageControls.tsx';

/**
 * The backstage (issue 14 item 4; server: rooms/backstage.ts). Presenters go invisible and come
 * back ("Invisible" toggle); hosts and co-hosts move one presenter (participant menu) or all but
 * the pinned one (Backstage menu) and bring them back. An invisible presenter is off the stage
 * and out of non-hosts' participant list (the server stops telling them), sees and hears the
 * room, and the header tells them they are invisible.
 */
export const backstageFeature: InCallFeature = {
  id: 'backstage',
  useControls: useBackstageControls,
  Header: InvisibleBadge,
  participantMenu: { available: canMove, Items: BackstageMenuItems },
};
