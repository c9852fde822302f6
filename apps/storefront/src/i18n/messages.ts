import type { Locale } from '@shop/contract';
import type { MessageFormatElement } from 'react-intl';
import { loadChunk } from '../features/chunks/load-chunk.ts';
import type { MessageId } from './message-id.ts';

/** At build time the catalogs are compiled to message ASTs (see `build/precompile-messages.ts`). */
export type Messages = Record<MessageId, string> | Record<MessageId, MessageFormatElement[]>;

// One chunk per locale: only the current one is downloaded.
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  'en-US': () => import('./messages/en-US.json'),
  'pt-BR': () => import('./messages/pt-BR.json'),
  'zh-CN': () => import('./messages/zh-CN.json'),
  'zh-TW': () => import('./messages/zh-TW.json'),
};

const loaded = new Map<Locale, Promise<Messages>>();

/** The catalog of `locale`; one stable promise per locale, so React's `use` can wait for it. */
export function loadMessages(locale: Locale): Promise<Messages> {
  let promise = loaded.get(locale);
  if (!promise) {
    promise = loadChunk(loaders[locale]).then((module) => module.default);
    promise.catch(() => loaded.delete(locale));
    loaded.set(locale, promise);
  }
  return promise;
}
