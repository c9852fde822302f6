import { describe, expect, it } from 'vitest';
import { createLoadingStore } from './loading-store.ts';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('loading store', () => {
  it('starts with every flag off', () => {
    expect(createLoadingStore().getSnapshot()).toEqual({ global: false, models: {}, effects: {} });
  });

  it('turns the effect, its module and the global flag on while the effect runs, and off when it ends', async () => {
    const store = createLoadingStore();
    const task = deferred<string>();
    const run = store.track('common/fetchGoods', () => task.promise);
    expect(store.getSnapshot()).toEqual({
      global: true,
      models: { common: true },
      effects: { 'common/fetchGoods': true },
    });
    task.resolve('goods');
    await expect(run).resolves.toBe('goods');
    expect(store.getSnapshot()).toEqual({
      global: false,
      models: { common: false },
      effects: { 'common/fetchGoods': false },
    });
  });

  it('turns flags off when the effect fails, and passes the failure on', async () => {
    const store = createLoadingStore();
    const run = store.track('user/login', () => Promise.reject(new Error('refused')));
    await expect(run).rejects.toThrow('refused');
    expect(store.getSnapshot().effects['user/login']).toBe(false);
    expect(store.getSnapshot().global).toBe(false);
  });

  it('keeps the global flag on while any module is busy', async () => {
    const store = createLoadingStore();
    const goods = deferred();
    const login = deferred();
    const first = store.track('common/fetchGoods', () => goods.promise);
    const second = store.track('user/login', () => login.promise);
    goods.resolve();
    await first;
    expect(store.getSnapshot()).toMatchObject({ global: true, models: { common: false, user: true } });
    login.resolve();
    await second;
    expect(store.getSnapshot().global).toBe(false);
  });

  it('keeps an effect on until the last of its overlapping runs ends', async () => {
    const store = createLoadingStore();
    const a = deferred();
    const b = deferred();
    const runA = store.track('common/fetchGood', () => a.promise);
    const runB = store.track('common/fetchGood', () => b.promise);
    a.resolve();
    await runA;
    expect(store.getSnapshot().effects['common/fetchGood']).toBe(true);
    b.resolve();
    await runB;
    expect(store.getSnapshot().effects['common/fetchGood']).toBe(false);
  });

  it('notifies subscribers on each change and gives a new snapshot only when something changed', async () => {
    const store = createLoadingStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    await store.track('user/fetchUser', async () => undefined);
    expect(calls).toBe(2);
    expect(store.getSnapshot()).not.toBe(before);
    unsubscribe();
    await store.track('user/fetchUser', async () => undefined);
    expect(calls).toBe(2);
  });

  it('refuses an effect name without a module', async () => {
    await expect(createLoadingStore().track('fetchGoods', async () => 1)).rejects.toThrow('module/effect');
  });
});
