import type { InCallFeature } from '../inCallFeature.ts';
import { CannotDecrypt, E2eeControls } from './E2eeControls.tsx';

/**
 * End-to-end encryption (rooms in mode `endtoend`): the header's badge and the encryption
 * dialog (the safety code to compare, the optional passphrase), and 'Cannot decrypt' over a
 * tile whose frames fail. The keys and the frame crypto are media (media/e2ee/, with the trust
 * model in its README): every sender and receiver goes through them. The server side is
 * packages/server/src/realtime/features/e2ee/ (a relay of sealed keys).
 */
export const e2eeFeature: InCallFeature = {
  id: 'e2ee',
  Header: ({ alias }) => <E2eeControls salt={alias} />,
  TileOverlay: CannotDecrypt,
};
