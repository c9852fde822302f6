import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { auditSubjectKindValues, SUPPORTED_LOCALES, type AuditEntry, type Locale } from '@shop/contract';
import { loadMessages } from '../../locales/index.ts';
import { AuditSentence } from './audit-sentence.tsx';
import { SENTENCE_ACTIONS, sentenceId, subjectPath } from './sentence.ts';

function entry(fields: Partial<AuditEntry> & Pick<AuditEntry, 'action' | 'subject'>): AuditEntry {
  return {
    id: 'e1',
    actor: { id: 'a1', email: 'ana@shop.test', nickname: 'Ana' },
    entity: 'x',
    entityId: '7f3b1c52-2d1e-4a55-9c1e-0b0f2a6f1e11',
    before: null,
    after: null,
    at: '2026-11-25T10:00:00.000Z',
    ...fields,
  };
}

/** The sentence as a reader sees it (text) and its markup (for links). */
async function render(locale: Locale, item: AuditEntry, staffPages = true) {
  const messages = await loadMessages(locale);
  const html = renderToStaticMarkup(
    <IntlProvider
      locale={locale}
      messages={messages}
      onError={(error) => {
        throw error;
      }}
    >
      <MemoryRouter>
        <AuditSentence entry={item} staffPages={staffPages} />
      </MemoryRouter>
    </IntlProvider>,
  );
  const markup = html.replace(/ data-discover="true"/g, '');
  const text = html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
  return { html: markup, text };
}

const couponCreated = entry({
  action: 'coupon.create',
  entity: 'coupon',
  subject: { kind: 'coupon', label: 'SUMMER10' },
});
const priceChanged = entry({
  action: 'goods.update',
  entity: 'goods',
  actor: { id: 'b1', email: 'bo@shop.test', nickname: 'Bo' },
  subject: { kind: 'product', label: 'Red Mug' },
  before: { translations: { 'en-US': { name: 'Red Mug' } }, skus: [{ price: 1200 }], updatedAt: '1' },
  after: { translations: { 'en-US': { name: 'Red Mug' } }, skus: [{ price: 1500 }], updatedAt: '2' },
});
const orderShipped = entry({
  action: 'order.ship',
  entity: 'order',
  subject: { kind: 'order', label: '10001' },
});
const unknownAction = entry({
  action: 'robot.dance',
  entity: 'robot',
  subject: { kind: 'other', label: null },
});

describe('audit entries as sentences', () => {
  it.each<[Locale, string, string, string, string]>([
    [
      'en-US',
      'Ana created coupon “SUMMER10”',
      'Bo changed the price of product “Red Mug”',
      'Ana shipped order #10001',
      'Ana made a change in the shop',
    ],
    [
      'pt-BR',
      'Ana criou o cupom “SUMMER10”',
      'Bo alterou o preço do produto “Red Mug”',
      'Ana enviou o pedido #10001',
      'Ana fez uma alteração na loja',
    ],
    [
      'zh-CN',
      'Ana 创建了优惠券“SUMMER10”',
      'Bo 修改了商品“Red Mug”的价格',
      'Ana 发货了订单 #10001',
      'Ana 在店铺中做了一项更改',
    ],
    [
      'zh-TW',
      'Ana 建立了優惠券「SUMMER10」',
      'Bo 修改了商品「Red Mug」的價格',
      'Ana 出貨了訂單 #10001',
      'Ana 在商店中做了一項變更',
    ],
  ])('reads in %s with names, never codes', async (locale, coupon, price, order, unknown) => {
    expect((await render(locale, couponCreated)).text).toBe(coupon);
    expect((await render(locale, priceChanged)).text).toBe(price);
    expect((await render(locale, orderShipped)).text).toBe(order);
    expect((await render(locale, unknownAction)).text).toBe(unknown);
  });

  const marketChanged = entry({
    action: 'market.update',
    entity: 'market',
    entityId: 'BR',
    subject: { kind: 'market', label: 'Brazil' },
  });
  const taxRateAdded = entry({
    action: 'tax_rate.create',
    entity: 'tax_rate',
    subject: { kind: 'taxRate', label: 'ICMS · BR-SP' },
  });
  const taxRateDeleted = { ...taxRateAdded, action: 'tax_rate.delete' };

  it.each<[Locale, string, string, string]>([
    [
      'en-US',
      'Ana changed the market “Brazil”',
      'Ana added the tax rate “ICMS · BR-SP”',
      'Ana deleted the tax rate “ICMS · BR-SP”',
    ],
    [
      'pt-BR',
      'Ana alterou o mercado “Brazil”',
      'Ana adicionou a alíquota “ICMS · BR-SP”',
      'Ana excluiu a alíquota “ICMS · BR-SP”',
    ],
    ['zh-CN', 'Ana 修改了市场“Brazil”', 'Ana 添加了税率“ICMS · BR-SP”', 'Ana 删除了税率“ICMS · BR-SP”'],
    ['zh-TW', 'Ana 修改了市場「Brazil」', 'Ana 新增了稅率「ICMS · BR-SP」', 'Ana 刪除了稅率「ICMS · BR-SP」'],
  ])('reads market and tax rate changes in %s as sentences of their own', async (locale, ...sentences) => {
    const read = await Promise.all(
      [marketChanged, taxRateAdded, taxRateDeleted].map(async (item) => (await render(locale, item)).text),
    );
    expect(read).toEqual(sentences);
  });

  it('links markets and tax rates to their lists, unless deleted', async () => {
    expect((await render('en-US', marketChanged)).html).toContain('<a href="/list/markets">Brazil</a>');
    expect((await render('en-US', taxRateAdded)).html).toContain(
      '<a href="/list/tax-rates">ICMS · BR-SP</a>',
    );
    expect((await render('en-US', taxRateDeleted)).html).not.toContain('<a');
    const later = entry({
      action: 'market.archive',
      entity: 'market',
      subject: { kind: 'market', label: 'Brazil' },
    });
    expect((await render('en-US', later)).text).toBe('Ana made a change to the market “Brazil”');
  });

  it.each<[Locale, string, string]>([
    ['en-US', 'Ana added the shipping zone “Iberia”', 'Ana deleted the shipping zone “Iberia”'],
    ['pt-BR', 'Ana adicionou a zona de entrega “Iberia”', 'Ana excluiu a zona de entrega “Iberia”'],
    ['zh-CN', 'Ana 添加了配送区域“Iberia”', 'Ana 删除了配送区域“Iberia”'],
    ['zh-TW', 'Ana 新增了配送區域「Iberia」', 'Ana 刪除了配送區域「Iberia」'],
  ])(
    'reads shipping zone changes in %s as sentences, linked to the zones while the zone lives',
    async (locale, added, deleted) => {
      const zoneAdded = entry({
        action: 'shipping_zone.create',
        entity: 'shipping_zone',
        subject: { kind: 'shippingZone', label: 'Iberia' },
      });
      const zoneDeleted = { ...zoneAdded, action: 'shipping_zone.delete' };
      expect((await render(locale, zoneAdded)).text).toBe(added);
      expect((await render(locale, zoneDeleted)).text).toBe(deleted);
      expect((await render(locale, zoneAdded)).html).toContain('<a href="/list/shipping">Iberia</a>');
      expect((await render(locale, zoneDeleted)).html).not.toContain('<a');
    },
  );

  it.each<[Locale, string]>([
    ['en-US', 'Ana uploaded a price sheet'],
    ['pt-BR', 'Ana enviou uma planilha de preços'],
    ['zh-CN', 'Ana 上传了价格表'],
    ['zh-TW', 'Ana 上傳了價格表'],
  ])('reads a price sheet upload in %s as a sentence of its own', async (locale, sentence) => {
    const uploaded = entry({
      action: 'goods.prices',
      entity: 'price_sheet',
      subject: { kind: 'other', label: null },
    });
    expect((await render(locale, uploaded)).text).toBe(sentence);
  });

  it('links the thing acted on to its page: an order by its number, a coupon to the coupons', async () => {
    const order = await render('en-US', orderShipped);
    expect(order.html).toContain(`<a href="/profile/order/${orderShipped.entityId}">#10001</a>`);
    expect((await render('en-US', couponCreated)).html).toContain('<a href="/list/coupons">SUMMER10</a>');
  });

  it('reads a product change that is not only prices as a change of the product', () => {
    expect(
      sentenceId({ ...priceChanged, after: { ...(priceChanged.after as object), image: '/b.png' } }),
    ).toBe('audit.sentence.goods.update');
  });

  it('gives an unknown action on a known kind of thing the generic sentence of that kind, with its name', async () => {
    const item = entry({
      action: 'coupon.clone',
      entity: 'coupon',
      subject: { kind: 'coupon', label: 'SUMMER10' },
    });
    expect((await render('en-US', item)).text).toBe('Ana made a change to coupon “SUMMER10”');
  });

  it('says a deleted thing without a recorded name is no longer there, and does not link it', async () => {
    const gone = entry({
      action: 'goods.delete',
      entity: 'goods',
      subject: { kind: 'product', label: null },
    });
    const { text, html } = await render('en-US', gone);
    expect(text).toBe('Ana deleted product “no longer in the shop”');
    expect(html).not.toContain('<a');
    expect(
      subjectPath({ ...gone, subject: { kind: 'product', label: 'Red Mug' } }, { staffPages: true }),
    ).toBe(null);
  });

  it('does not link a member of staff for a reader who may not open the staff list', () => {
    const item = entry({ action: 'staff.update', entity: 'user', subject: { kind: 'staff', label: 'Sam' } });
    expect(subjectPath(item, { staffPages: true })).toBe('/account/staff');
    expect(subjectPath(item, { staffPages: false })).toBe(null);
  });

  it.each([...SUPPORTED_LOCALES])(
    'has a sentence for every known action and kind of thing in %s',
    async (locale) => {
      const messages = await loadMessages(locale);
      const missing = [
        ...SENTENCE_ACTIONS.map((action) => `audit.sentence.${action}`),
        ...auditSubjectKindValues.map((kind) => `audit.generic.${kind}`),
      ].filter((id) => !messages[id]);
      expect(missing).toEqual([]);
    },
  );
});
