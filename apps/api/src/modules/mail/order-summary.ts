import type { Locale } from '@shop/contract';

/** What an order mail lists beneath its message: every line, where it goes and what it costs, formatted. */
export interface OrderSummary {
  lines: { name: string; options: string[]; quantity: number; price: string; amount: string }[];
  address: { name: string; phone: string; regionNames: string[]; detail: string; postcode: string };
  subtotal: string;
  /** Left out when nothing was taken off / nothing charged for shipping. */
  discount: string | null;
  shipping: string | null;
  /** The shipping method's name, said beside the fee. */
  shippingMethod: string | null;
  /** Tax lines, with their rate ("ICMS (18%)"): added to the total, or said under it as included in the prices. */
  taxes: { name: string; amount: string }[];
  taxInclusive: boolean;
  total: string;
  /** The printable receipt's page. */
  receiptLink: string;
}

type Label =
  | 'items'
  | 'goods'
  | 'quantity'
  | 'price'
  | 'amount'
  | 'deliverTo'
  | 'subtotal'
  | 'discount'
  | 'shipping'
  | 'total'
  | 'including'
  | 'receipt';

const labels: Record<Locale, Record<Label, string>> = {
  'en-US': {
    items: 'Your order',
    goods: 'Item',
    quantity: 'Qty',
    price: 'Price',
    amount: 'Amount',
    deliverTo: 'Delivery address',
    subtotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Shipping',
    total: 'Total',
    including: 'Including',
    receipt: 'Printable receipt',
  },
  'pt-BR': {
    items: 'Seu pedido',
    goods: 'Item',
    quantity: 'Qtd.',
    price: 'Preço',
    amount: 'Valor',
    deliverTo: 'Endereço de entrega',
    subtotal: 'Subtotal',
    discount: 'Desconto',
    shipping: 'Frete',
    total: 'Total',
    including: 'Inclui',
    receipt: 'Recibo para imprimir',
  },
  'zh-CN': {
    items: '订单明细',
    goods: '商品',
    quantity: '数量',
    price: '单价',
    amount: '金额',
    deliverTo: '收货地址',
    subtotal: '商品小计',
    discount: '优惠',
    shipping: '运费',
    total: '合计',
    including: '含',
    receipt: '可打印的收据',
  },
  'zh-TW': {
    items: '訂單明細',
    goods: '商品',
    quantity: '數量',
    price: '單價',
    amount: '金額',
    deliverTo: '收件地址',
    subtotal: '商品小計',
    discount: '優惠',
    shipping: '運費',
    total: '合計',
    including: '含',
    receipt: '可列印的收據',
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The address as people of the locale write it: Chinese from the country down, others from the street up. */
export function addressLines(address: OrderSummary['address'], locale: Locale): string[] {
  const place = locale.startsWith('zh')
    ? `${address.regionNames.join('')}${address.detail}`
    : [address.detail, ...[...address.regionNames].reverse()].join(', ');
  return [`${address.name} ${address.phone}`, place, address.postcode].filter((line) => line.trim());
}

function totals(summary: OrderSummary, t: Record<Label, string>): [string, string][] {
  const rows: [string, string | null][] = [
    [t.subtotal, summary.subtotal],
    [t.discount, summary.discount && `−${summary.discount}`],
    [summary.shippingMethod ? `${t.shipping} (${summary.shippingMethod})` : t.shipping, summary.shipping],
    ...(summary.taxInclusive ? [] : summary.taxes.map((tax): [string, string] => [tax.name, tax.amount])),
    [t.total, summary.total],
    ...(summary.taxInclusive
      ? summary.taxes.map((tax): [string, string] => [`${t.including} ${tax.name}`, tax.amount])
      : []),
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null);
}

export function orderSummaryText(summary: OrderSummary, locale: Locale): string {
  const t = labels[locale];
  const lines = summary.lines.map(
    (l) =>
      `- ${l.name}${l.options.length ? ` (${l.options.join(', ')})` : ''} × ${l.quantity} @ ${l.price} = ${l.amount}`,
  );
  return [
    `${t.items}:`,
    ...lines,
    '',
    ...totals(summary, t).map(([label, value]) => `${label}: ${value}`),
    '',
    `${t.deliverTo}:`,
    ...addressLines(summary.address, locale),
    '',
    `${t.receipt}: ${summary.receiptLink}`,
  ].join('\n');
}

export function orderSummaryHtml(summary: OrderSummary, locale: Locale): string {
  const t = labels[locale];
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:left"';
  const num = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right"';
  const rows = summary.lines
    .map(
      (l) =>
        `<tr><td ${cell}>${escapeHtml(l.name)}${l.options.length ? `<br><small>${escapeHtml(l.options.join(', '))}</small>` : ''}</td><td ${num}>${l.quantity}</td><td ${num}>${escapeHtml(l.price)}</td><td ${num}>${escapeHtml(l.amount)}</td></tr>`,
    )
    .join('');
  const sums = totals(summary, t)
    .map(
      ([label, value]) =>
        `<tr><th scope="row" colspan="3" ${num}>${escapeHtml(label)}</th><td ${num}>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<h2 style="font-size:16px">${escapeHtml(t.items)}</h2>
<table style="border-collapse:collapse"><thead><tr><th scope="col" ${cell}>${t.goods}</th><th scope="col" ${num}>${t.quantity}</th><th scope="col" ${num}>${t.price}</th><th scope="col" ${num}>${t.amount}</th></tr></thead><tbody>${rows}</tbody><tfoot>${sums}</tfoot></table>
<h2 style="font-size:16px">${escapeHtml(t.deliverTo)}</h2><p>${addressLines(summary.address, locale).map(escapeHtml).join('<br>')}</p>
<p><a href="${escapeHtml(summary.receiptLink)}">${escapeHtml(t.receipt)}</a></p>`;
}
