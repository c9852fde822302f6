import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import {
  callApi,
  createStaff,
  createTestApp,
  staffLoginCookie,
  type Json,
  type TestApp,
} from '../../testing.ts';
import { buyer, payOrder, placeOrder, skusOfDifferentGoods } from './order-fixtures.ts';
import { utcDay } from './visits.ts';

let t: TestApp;
const people: Record<'ann' | 'ben' | 'cat' | 'dee', { id: string; cookie: string }> = {} as never;
const today = utcDay(new Date());
const inDays = (n: number) => utcDay(new Date(Date.now() + n * 86_400_000));

const call = (who: keyof typeof people, method: string, url: string, payload?: object, locale?: string) =>
  callApi(t.app, method, url, { cookie: people[who].cookie, payload, locale });

const goal = (overrides: Json = {}) => ({
  title: 'Spring sales',
  startsOn: inDays(-1),
  endsOn: inDays(30),
  description: 'Sell the spring collection',
  metric: 'revenue',
  target: 1_000_000,
  client: 'Online shoppers',
  invitees: [],
  weight: 40,
  visibility: 'public',
  visibleTo: [],
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  const roles = { ann: 'staff', ben: 'staff', cat: 'staff', dee: 'admin' } as const;
  for (const [name, role] of Object.entries(roles) as [keyof typeof roles, 'staff' | 'admin'][]) {
    const member = await createStaff(t.database, {
      email: `${name}@shop.test`,
      password: `${name}-Goals-2026`,
      role,
    });
    await t.database.db
      .update(schema.users)
      .set({ nickname: name.toUpperCase() })
      .where(eq(schema.users.id, member.id));
    people[name] = { id: member.id, cookie: await staffLoginCookie(t.app, member.email, member.password) };
  }
});
afterAll(() => t.close());

describe('the goal form', () => {
  it("answers an empty form with the spec's messages, in the caller's language", async () => {
    const empty = await call('ann', 'POST', '/v1/admin/goals', {});
    expect(empty.status).toBe(422);
    expect(empty.body.code).toBe(1);
    expect(empty.body.msg).toMatchObject({
      title: 'Please enter a title',
      startsOn: 'Please select the start and end date',
      endsOn: 'Please select the start and end date',
      description: 'Please enter a description of the goal',
      metric: 'Please enter a metric',
      target: 'Please enter a metric',
    });
    const blank = await call(
      'ann',
      'POST',
      '/v1/admin/goals',
      goal({ title: '  ', description: '' }),
      'zh-CN',
    );
    expect(blank.body.msg).toEqual({ title: '请输入标题', description: '请输入目标描述' });
  });

  it('takes at most 5 invitees, active members of staff only', async () => {
    const six = Array.from({ length: 6 }, () => randomUUID());
    const tooMany = await call('ann', 'POST', '/v1/admin/goals', goal({ invitees: six }));
    expect(tooMany.body).toMatchObject({ code: 1, msg: { invitees: 'At most 5 invitees.' } });
    const unknown = await call('ann', 'POST', '/v1/admin/goals', goal({ invitees: [randomUUID()] }));
    expect(unknown.body).toMatchObject({
      code: 1,
      msg: { invitees: 'Please choose active members of staff.' },
    });
    const reversed = await call(
      'ann',
      'POST',
      '/v1/admin/goals',
      goal({ startsOn: inDays(3), endsOn: inDays(1) }),
    );
    expect(reversed.body.msg).toEqual({ endsOn: 'The start date must not be after the end date.' });
    const partialToNobody = await call('ann', 'POST', '/v1/admin/goals', goal({ visibility: 'partial' }));
    expect(partialToNobody.body.msg).toEqual({ visibleTo: 'This field is required.' });
    const weight = await call('ann', 'POST', '/v1/admin/goals', goal({ weight: 101 }));
    expect(weight.body.msg).toEqual({ weight: 'This value is out of range.' });
  });

  it('lists the active members of staff to pick from', async () => {
    const { body } = await call('cat', 'GET', '/v1/admin/goals/people');
    expect(body.data.map((p: Json) => p.nickname)).toEqual(['ANN', 'BEN', 'CAT', 'DEE']);
    expect(Object.keys(body.data[0]).sort()).toEqual(['avatar', 'email', 'id', 'nickname']);
  });
});

describe('goals', () => {
  const ids: Record<string, string> = {};

  it('are created with their invitees and audited', async () => {
    const created = await call(
      'ann',
      'POST',
      '/v1/admin/goals',
      goal({ invitees: [people.ben.id, people.cat.id, people.ben.id] }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      title: 'Spring sales',
      metric: 'revenue',
      target: 1_000_000,
      weight: 40,
      visibility: 'public',
      invitees: [{ nickname: 'BEN' }, { nickname: 'CAT' }],
      createdBy: { id: people.ann.id, nickname: 'ANN' },
      progress: 0,
      canEdit: true,
    });
    ids.public = created.body.data.id;
    const partial = await call(
      'ann',
      'POST',
      '/v1/admin/goals',
      goal({
        title: 'Team goal',
        metric: 'orders',
        target: 3,
        visibility: 'partial',
        visibleTo: [people.ben.id],
      }),
    );
    ids.partial = partial.body.data.id;
    ids.private = (
      await call('ann', 'POST', '/v1/admin/goals', goal({ title: 'My own', visibility: 'private' }))
    ).body.data.id;

    const audit = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, ids.public!));
    expect(audit).toMatchObject([{ action: 'goal.create', entity: 'goal', actorId: people.ann.id }]);
    expect(audit[0]!.after).toMatchObject({
      title: 'Spring sales',
      invitees: [people.ben.id, people.cat.id],
    });
  });

  it('are seen by everyone when public, by the listed members when partial, by creator and invitees when private', async () => {
    const review = await call(
      'ann',
      'POST',
      '/v1/admin/goals',
      goal({ title: 'Review me', visibility: 'private', invitees: [people.cat.id] }),
    );
    expect(review.status).toBe(201);
    const titles = async (who: keyof typeof people) =>
      ((await call(who, 'GET', '/v1/admin/goals')).body.data as Json[]).map((g) => g.title).sort();
    expect(await titles('ann')).toEqual(['My own', 'Review me', 'Spring sales', 'Team goal']);
    expect(await titles('ben')).toEqual(['Spring sales', 'Team goal']);
    expect(await titles('cat')).toEqual(['Review me', 'Spring sales']);
    expect(await titles('dee')).toEqual(['Spring sales']);
    expect((await call('cat', 'GET', `/v1/admin/goals/${ids.partial}`)).status).toBe(404);
    expect((await call('ben', 'GET', `/v1/admin/goals/${ids.private}`)).status).toBe(404);
    const page = await call('ann', 'GET', '/v1/admin/goals?page=1&pageSize=2');
    expect(page.body.meta).toEqual({ page: 1, pageSize: 2, total: 4 });
  });

  it('measure progress from the orders paid within their days', async () => {
    const [sku] = await skusOfDifferentGoods(t.database, 1);
    const shopper = await buyer(t.app, t.database);
    const order = await placeOrder(t.app, shopper, [{ skuId: sku!.id, quantity: 1 }]);
    await payOrder(t.app, t.database, shopper, order.id);
    await placeOrder(t.app, shopper, [{ skuId: sku!.id, quantity: 1 }]);
    const revenue = await call('ann', 'GET', `/v1/admin/goals/${ids.public}`);
    expect(revenue.body.data.progress).toBe(order.total);
    const orders = await call('ben', 'GET', `/v1/admin/goals/${ids.partial}`);
    expect(orders.body.data).toMatchObject({ progress: 1, target: 3, canEdit: false });
  });

  it('are changed or deleted only by their creator or an admin, and each change is audited', async () => {
    const byOther = await call('ben', 'PUT', `/v1/admin/goals/${ids.partial}`, goal({ title: 'Mine now' }));
    expect(byOther.status).toBe(403);
    expect(byOther.body.msg).toBe("Only the goal's creator or an admin can change it.");
    expect((await call('ben', 'DELETE', `/v1/admin/goals/${ids.partial}`)).status).toBe(403);

    const byAdmin = await call(
      'dee',
      'PUT',
      `/v1/admin/goals/${ids.public}`,
      goal({ title: 'Spring sales, revised', weight: 60 }),
    );
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    expect(byAdmin.body.data).toMatchObject({
      title: 'Spring sales, revised',
      weight: 60,
      invitees: [],
      canEdit: true,
    });

    const own = await call(
      'ann',
      'PUT',
      `/v1/admin/goals/${ids.private}`,
      goal({ title: 'Still mine', visibility: 'private' }),
    );
    expect(own.body.data.title).toBe('Still mine');
    expect((await call('ann', 'DELETE', `/v1/admin/goals/${ids.private}`)).status).toBe(200);
    expect((await call('ann', 'GET', `/v1/admin/goals/${ids.private}`)).status).toBe(404);
    expect((await call('ann', 'DELETE', `/v1/admin/goals/${randomUUID()}`)).status).toBe(404);

    const trail = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entity, 'goal'));
    expect(
      trail
        .filter((e) => [ids.public, ids.private, ids.partial].includes(e.entityId))
        .map(
          (e) =>
            `${e.action} ${e.entityId === ids.public ? 'public' : e.entityId === ids.private ? 'private' : 'partial'}`,
        )
        .sort(),
    ).toEqual([
      'goal.create partial',
      'goal.create private',
      'goal.create public',
      'goal.delete private',
      'goal.update private',
      'goal.update public',
    ]);
    const update = trail.find((e) => e.action === 'goal.update' && e.entityId === ids.public)!;
    expect(update).toMatchObject({
      actorId: people.dee.id,
      before: { title: 'Spring sales' },
      after: { title: 'Spring sales, revised' },
    });
  });

  it('show on the workplace while they run, with progress', async () => {
    await call(
      'ann',
      'POST',
      '/v1/admin/goals',
      goal({ title: 'Last year', startsOn: '2020-01-01', endsOn: '2020-12-31' }),
    );
    const ben = await call('ben', 'GET', '/v1/admin/dashboard/workplace');
    expect(ben.status).toBe(200);
    expect((ben.body.data.goals as Json[]).map((g) => g.title).sort()).toEqual([
      'Spring sales, revised',
      'Team goal',
    ]);
    expect(ben.body.data.goals.every((g: Json) => g.endsOn >= today)).toBe(true);
    expect(ben.body.data.activity.map((a: Json) => a.action)).toContain('goal.update');
  });
});
