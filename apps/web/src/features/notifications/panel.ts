import { create } from 'zustand';

interface NotificationPanel {
  opened: boolean;
  setOpened: (opened: boolean) => void;
}

/**
 * Whether the notification center is open. A store rather than the bell's own state, so the
 * phone menu (app/header/MobileMenu.tsx) can open it too.
 */
export const useNotificationPanel = create<NotificationPanel>((set) => ({
  opened: false,
  setOpened: (opened) => set({ opened }),
}));
