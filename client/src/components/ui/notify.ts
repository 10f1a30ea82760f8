import { notifications } from '@mantine/notifications';
import { TOAST_ERROR_MS, TOAST_INFO_MS } from '@shared/constants';

/** Toasts at the top right: errors stay 10 seconds, everything else 5. */
export function notifyError(message: string, title?: string): void {
  notifications.show({ color: 'red', title, message, autoClose: TOAST_ERROR_MS, withBorder: true });
}

export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message, autoClose: TOAST_INFO_MS, withBorder: true });
}

export function notifyInfo(message: string, title?: string): void {
  notifications.show({ color: 'navy', title, message, autoClose: TOAST_INFO_MS, withBorder: true });
}
