import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { Activity } from '@shop/contract';
import { loadMessages } from '../../locales/index.ts';
import { SUPPORTED_LOCALES } from '@shop/contract';
import { activityLink, activityText } from './format.ts';

const activity = (action: string): Activity => ({
  id: 'a1',
  at: '2026-11-21T10:00:00.000Z',
  action,
  entity: 'order',
  entityId: '1a2b3c4d-0000-4000-8000-000000000000',
  label: '10001',
  actor: { kind: 'staff', id: 's1', name: 'Sam' },
});

describe('activity lines', () => {
  it('say what happened in the UI language, and name an action the catalogs do not know', async () => {
    const english = createIntl({ locale: 'en-US', messages: await loadMessages('en-US') });
    const chinese = createIntl({ locale: 'zh-CN', messages: await loadMessages('zh-CN') });
    expect(activityText(english, activity('order.paid'))).toBe('Sam confirmed payment of order 10001');
    expect(activityText(chinese, activity('order.paid'))).not.toContain('order.paid');
    expect(activityText(english, activity('order.teleported'))).toBe('Sam: order.teleported');
  });
});

/** Actions the API writes to the audit log or as order events that the dashboard lists. */
const KNOWN_ACTIONS = [
  'order.placed',
  'order.paid',
  'order.cancelled',
  'order.expired',
  'order.shipped',
  'order.completed',
  'order.refunded',
  'order.partially_refunded',
  'order.refund',
  'return.approve',
  'return.reject',
  'return.receive',
  'return.refund',
];

describe('every known action', () => {
  it('has its own text in every locale', async () => {
    for (const locale of SUPPORTED_LOCALES) {
      const intl = createIntl({ locale, messages: await loadMessages(locale) });
      for (const action of KNOWN_ACTIONS) {
        expect(intl.messages, `${locale}: ${action}`).toHaveProperty([`dashboard.action.${action}`]);
        expect(activityText(intl, activity(action))).not.toContain(action);
      }
    }
  });

  it('of a return leads to the returns queue', () => {
    expect(activityLink({ ...activity('return.approve'), entity: 'return' })).toBe('/list/returns');
  });
});
