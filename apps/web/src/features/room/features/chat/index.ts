import type { InCallFeature } from '../inCallFeature.ts';
import { ChatPanel } from './ChatPanel.tsx';
import { useChatControls } from './ChatToggle.tsx';

/**
 * The chat: its control (with the unread count) and its panel (messages, private messages,
 * files, export and passcode for hosts). The messages themselves are core room state
 * (state/roomState.ts): the session sends and exports them, and other features add lines.
 */
export const chatFeature: InCallFeature = {
  id: 'chat',
  useControls: useChatControls,
  panel: {
    Component: ChatPanel,
    // The unread count starts again from zero while the panel shows.
    onOpenChange: (store, open) => store.getState().dispatch({ type: 'local/chat_open', open }),
  },
};
