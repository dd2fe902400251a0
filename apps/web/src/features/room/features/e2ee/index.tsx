import type { InCallFeature } from '../inCallFeature.ts';
import { CannotDecrypt, E2eeControls } from './E2eeControls.tsx';

/**
 * End-to-end encryption (rooms in mode `endtoend`): the header's badge and key dialog, and
 * 'Cannot decrypt' over a tile whose frames fail. The frame crypto itself is media
 * (media/e2ee/, with the trust model in its README): every sender and receiver goes through it.
 */
export const e2eeFeature: InCallFeature = {
  id: 'e2ee',
  Header: ({ alias }) => <E2eeControls salt={alias} />,
  TileOverlay: CannotDecrypt,
};
