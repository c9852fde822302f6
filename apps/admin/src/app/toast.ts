import type { MessageInstance } from 'antd/es/message/interface';
import { API_ERROR_TOAST_MS } from '@shop/contract';

let messageApi: MessageInstance | null = null;

/** Set by <FeedbackBridge> (src/app/providers.tsx) so code outside React (the API client) can show toasts. */
export function connectToasts(api: MessageInstance | null): void {
  messageApi = api;
}

/** An API error's text for 1 s (spec §8: codes 1, 2 and 500). */
export function showErrorToast(text: string): void {
  void messageApi?.error({ content: text, duration: API_ERROR_TOAST_MS / 1000 });
}

export function showSuccessToast(text: string): void {
  void messageApi?.success({ content: text });
}
