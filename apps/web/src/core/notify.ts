import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts for code outside React (the API client, timers). The app binds antd's App-scoped
 * notification instance once (placement top right, 3456 ms, spec §8); until then messages
 * go to the console so nothing is lost in tests.
 */
let instance: NotificationInstance | null = null;

export function bindNotifications(next: NotificationInstance | null): void {
  instance = next;
}

type Kind = 'success' | 'error' | 'info' | 'warning';

function show(kind: Kind, text: string): void {
  if (!instance) {
    (kind === 'error' ? console.error : console.info)(`[${kind}] ${text}`);
    return;
  }
  // The text is the key: the same message fired by several parallel calls shows once.
  instance[kind]({ key: `${kind}:${text}`, title: text });
}

export const notify = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  info: (text: string) => show('info', text),
  warning: (text: string) => show('warning', text),
};
