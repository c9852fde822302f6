import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, openShopper, seriousAccessibilityViolations } from './support/browser.ts';
import { mailbox, nextMail, unexpectedErrors } from './support/accounts.ts';
import { staffCookie } from './support/staff.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

interface AdminSku {
  id: string;
  options: string[];
  price: number;
  originalPrice: number | null;
  stock: number;
}
interface AdminGoods {
  id: string;
  categoryId: string;
  translations: Record<string, { name: string; description: string }>;
  images: string[];
  options: {
    id: string;
    name: Record<string, string>;
    values: { id: string; name: Record<string, string> }[];
  }[];
  skus: AdminSku[];
  onShelf: boolean;
}

async function call<T>(path: string, init: RequestInit & { cookie?: string } = {}): Promise<T> {
  const reply = await fetch(`${baseUrl}/v1${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en-US',
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
  });
  const body = (await reply.json()) as { code: number; data: T; msg: unknown };
  expect(body.code, `${path}: ${JSON.stringify(body.msg)}`).toBe(200);
  return body.data;
}

let staff = '';
/** A new goods made by staff: a watering can in two colours, green in stock and yellow sold out. */
async function wateringCan(): Promise<AdminGoods> {
  const [any] = await call<{ id: string }[]>('/home/goods?pageSize=1');
  const sample = await call<AdminGoods>(`/admin/goods/${any!.id}`, { cookie: staff });
  const stamp = Date.now().toString(36);
  return call<AdminGoods>('/admin/goods', {
    method: 'POST',
    cookie: staff,
    body: JSON.stringify({
      categoryId: sample.categoryId,
      translations: {
        'en-US': { name: `Watering can ${stamp}`, description: 'Two litres.' },
        'pt-BR': { name: `Regador ${stamp}`, description: 'Dois litros.' },
        'zh-CN': { name: `浇水壶 ${stamp}`, description: '两升。' },
        'zh-TW': { name: `澆水壺 ${stamp}`, description: '兩升。' },
      },
      images: sample.images.slice(0, 1),
      options: [
        {
          id: 'colour',
          name: { 'en-US': 'Colour', 'pt-BR': 'Cor', 'zh-CN': '颜色', 'zh-TW': '顏色' },
          values: [
            { id: 'green', name: { 'en-US': 'Green', 'pt-BR': 'Verde', 'zh-CN': '绿色', 'zh-TW': '綠色' } },
            {
              id: 'yellow',
              name: { 'en-US': 'Yellow', 'pt-BR': 'Amarelo', 'zh-CN': '黄色', 'zh-TW': '黃色' },
            },
          ],
        },
      ],
      skus: [
        { options: ['green'], price: 1900, originalPrice: null, stock: 6 },
        { options: ['yellow'], price: 1900, originalPrice: null, stock: 0 },
      ],
      onShelf: true,
    }),
  });
}

/** Staff put units of the yellow can back in stock through the admin API, as the back office's editor does. */
async function restockYellow(goods: AdminGoods, stock: number) {
  const now = await call<AdminGoods>(`/admin/goods/${goods.id}`, { cookie: staff });
  await call(`/admin/goods/${goods.id}`, {
    method: 'PUT',
    cookie: staff,
    body: JSON.stringify({
      categoryId: now.categoryId,
      translations: now.translations,
      images: now.images,
      options: now.options,
      skus: now.skus.map((s) => ({
        id: s.id,
        options: s.options,
        price: s.price,
        originalPrice: s.originalPrice,
        stock: s.options[0] === 'yellow' ? stock : s.stock,
        expectedStock: s.stock,
      })),
      onShelf: now.onShelf,
    }),
  });
}

beforeAll(async () => {
  browser = await launchChromium();
  staff = await staffCookie(baseUrl, 'staff');
});
afterAll(() => browser.close());

describe('back-in-stock alerts', () => {
  it('a guest subscribes on a sold-out option, gets one mail in their language after the restock, and unsubscribes', async () => {
    const [can, other] = [await wateringCan(), await wateringCan()];
    const email = `alert-${Date.now().toString(36)}@example.com`;
    const guest = await openShopper(browser, baseUrl, 'pt-BR');
    const { page } = guest;
    for (const goods of [can, other]) {
      await page.goto(`/detail?id=${goods.id}`);
      const form = page.getByRole('form', { name: 'Avise-me quando voltar' });
      await form.getByLabel('Opção esgotada').waitFor();
      expect(await form.getByLabel('Opção esgotada').locator('option').allTextContents()).toEqual([
        'Amarelo',
      ]);
      await form.getByLabel('E-mail').fill(email);
      await form.getByRole('button', { name: 'Avise-me quando voltar' }).click();
      await form.getByText(`Pronto: escreveremos para ${email} quando voltar.`).waitFor();
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await mailbox(baseUrl, email)).toHaveLength(0);

    await restockYellow(can, 4);
    const mail = await nextMail(baseUrl, email);
    expect(mail.subject).toBe(
      `${can.translations['pt-BR']!.name} (Amarelo) voltou ao estoque na Mercado Lumen`,
    );
    const goodsLink = /https?:\/\/\S+\/detail\?id=[\w-]+/.exec(mail.text)![0];
    await page.goto(goodsLink);
    await page.getByRole('heading', { level: 1, name: can.translations['pt-BR']!.name }).waitFor();

    const unsubscribe = /https?:\/\/\S+\/stock-alerts\/unsubscribe\?token=[\w-]+/.exec(mail.text)![0];
    await page.goto(unsubscribe);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Parar os avisos' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Você não receberá mais avisos de volta ao estoque.' })
      .waitFor();

    // The other can comes back too, but the address asked for no more mail; the first one never mails again.
    await restockYellow(other, 2);
    await restockYellow(can, 9);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailbox(baseUrl, email)).toHaveLength(1);
    expect(unexpectedErrors(guest.errors, [])).toEqual([]);
    await guest.context.close();
  });
});
