import type { FeatureColumns } from '../permission-rules.ts';

/**
 * Chat (server feature: realtime/features/chat). Everyone in the room chats, guests included
 * (decisions.md); only hosts and co-hosts export the history.
 */
export const chatPermissions: FeatureColumns<'chat' | 'export_chat'> = {
  chat: {
    host: true,
    'co-host': true,
    presenter: true,
    speaker: true,
    interpreter: true,
    participant: true,
    guest: true,
  },
  export_chat: {
    host: true,
    'co-host': true,
    presenter: false,
    speaker: false,
    interpreter: false,
    participant: false,
    guest: false,
  },
};
