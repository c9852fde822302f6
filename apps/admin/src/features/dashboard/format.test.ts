import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { Activity } from '@shop/contract';
import { loadMessages } from '../../locales/index.ts';
import { activityText } from './format.ts';

const activity = (action: string): Activity => ({
  id: 'a1',
  at: '2026-11-21T10:00:00.000Z',
  action,
  entity: 'order',
  entityId: '1a2b3c4d-0000-4000-8000-000000000000',
  actor: { kind: 'staff', id: 's1', name: 'Sam' },
});

describe('activity lines', () => {
  it('say what happened in the UI language, and name an action the catalogs do not know', async () => {
    const english = createIntl({ locale: 'en-US', messages: await loadMessages('en-US') });
    const chinese = createIntl({ locale: 'zh-CN', messages: await loadMessages('zh-CN') });
    expect(activityText(english, activity('order.paid'))).toBe('Sam confirmed payment of order 1A2B3C4D');
    expect(activityText(chinese, activity('order.paid'))).not.toContain('order.paid');
    expect(activityText(english, activity('order.teleported'))).toBe('Sam: order.teleported');
  });
});
