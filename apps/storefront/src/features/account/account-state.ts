import type { MessageId } from '../../i18n/message-id.ts';

/** Notices one account page leaves for the next (e.g. "new password set, please log in" on /login). */
const NOTICES = ['passwordChange.resetDone'] as const satisfies readonly MessageId[];
export type AccountNotice = (typeof NOTICES)[number];

/**
 * What an account page hands the next one in the history entry's state, not the URL, so an address stays out
 * of links and server logs: the email the shopper typed, and a notice to show.
 */
export interface AccountState {
  email?: string;
  notice?: AccountNotice;
}

/** Reads `AccountState` from `location.state`, which may hold anything (another page's state, or nothing). */
export function readAccountState(state: unknown): { email: string | null; notice: AccountNotice | null } {
  const record = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  const email = typeof record.email === 'string' ? record.email : null;
  const notice = NOTICES.find((id) => id === record.notice) ?? null;
  return { email, notice };
}
