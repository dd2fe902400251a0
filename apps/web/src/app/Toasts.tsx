import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '@podium/protocol';

/** The toasts' container; loaded with the first toast (AppProviders). */
export default function Toasts() {
  return <Notifications position="top-center" autoClose={TOAST_MS} />;
}
