import { notifications } from '@mantine/notifications';
import { TOAST_ERROR_MS, TOAST_INFO_MS } from '@shared/constants';

/** Toasts at the top right: errors stay 10 seconds, everything else 5. */
/** `id` names the toast, so what it reports can close it once it no longer holds (closeToast). */
export function notifyError(message: string, title?: string, id?: string): void {
  if (id) notifications.hide(id);
  notifications.show({ id, color: 'red', title, message, autoClose: TOAST_ERROR_MS, withBorder: true });
}

export function closeToast(id: string): void {
  notifications.hide(id);
}

export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message, autoClose: TOAST_INFO_MS, withBorder: true });
}

export function notifyInfo(message: string, title?: string): void {
  notifications.show({ color: 'navy', title, message, autoClose: TOAST_INFO_MS, withBorder: true });
}
