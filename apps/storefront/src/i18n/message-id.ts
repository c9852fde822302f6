import type enUS from './messages/en-US.json';

/** Every text the storefront shows has an id in the catalogs; en-US is the reference for the set of ids. */
export type MessageId = keyof typeof enUS;

declare global {
  // react-intl reads the application's message ids from this interface, so an unknown id fails to compile.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
