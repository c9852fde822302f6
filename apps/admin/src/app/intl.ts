import type { TransportFailure } from '@shop/api-client';

let messages: Record<string, string> = {};

/** The loaded catalog, for the few texts needed outside React (the API client's transport failures). */
export function setActiveMessages(next: Record<string, string>): void {
  messages = next;
}

export function failureText(reason: TransportFailure): string {
  return messages[`app.failure.${reason}`] ?? 'Loading chunk failed';
}
