import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@podium/protocol';

/** Toasts appear at the top for 3000 ms (spec §9); the container sets both defaults. */
export function toastSuccess(message: string) {
  notifications.show({ message, color: 'green', autoClose: TOAST_MS });
}

export function toastError(message: string) {
  notifications.show({ message, color: 'red', autoClose: TOAST_MS });
}
