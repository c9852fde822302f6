import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsListEnvelopeSchema, goodsQuerySchema } from '@shop/contract';
import { createTestApp, type TestApp } from '../../testing.ts';
import { holdHeapsCloser, ShelfThread } from './shelf-thread.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("the catalog's shelf thread", () => {
  it('is replaced by a new one when it stops, which answers listings again with the same synonyms', async () => {
    const restarts: Error[] = [];
    const shelf = new ShelfThread(
      () => t.database.readerHandle(),
      () => 'en-US',
      (error) => restarts.push(error),
    );
    try {
      await shelf.ready();
      await shelf.setSynonyms({ 'en-US': [['headphones', 'cans']] });
      const search = async (keyword: string) => {
        const query = goodsQuerySchema.parse({ keyword });
        const { body } = await shelf.list(query, { locale: 'en-US', shopDefault: 'en-US', currency: 'USD' });
        return goodsListEnvelopeSchema.parse(JSON.parse(body.toString())).data.map((goods) => goods.name);
      };
      const before = await search('cans');
      expect(before.length).toBeGreaterThan(0);

      expect(shelf.busySeconds()).toBeGreaterThan(0);
      await shelf.stopThread();
      await expect.poll(() => restarts.length).toBe(1);
      expect(shelf.restarts()).toBe(1);
      // The new thread reads the shelf again; the synonym staff set still applies.
      expect(await search('cans')).toEqual(before);
      expect(restarts).toHaveLength(1);
    } finally {
      await shelf.close();
    }
  });

  it("leaves the heaps' growth to an operator who set it when starting Node", () => {
    expect(holdHeapsCloser(['--heap-growing-percent=50'])).toBe(false);
    expect(holdHeapsCloser(['--max-old-space-size=2048', '--heap_growing_percent=40'])).toBe(false);
    expect(holdHeapsCloser(['--max-old-space-size=2048', '--enable-source-maps'])).toBe(true);
  });
});
