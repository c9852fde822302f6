import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Locale, OrderStatus } from '@shop/contract';
import type { OrderExportRecord } from './orders-admin.service.ts';

type Column =
  | 'number'
  | 'placedAt'
  | 'status'
  | 'shopperEmail'
  | 'shopperPhone'
  | 'recipient'
  | 'recipientPhone'
  | 'address'
  | 'items'
  | 'units'
  | 'subtotal'
  | 'discount'
  | 'shipping'
  | 'shippingMethod'
  | 'tax'
  | 'taxIncluded'
  | 'total'
  | 'currency'
  | 'carrier'
  | 'trackingNumber'
  | 'note';

const COLUMNS: Column[] = [
  'number',
  'placedAt',
  'status',
  'shopperEmail',
  'shopperPhone',
  'recipient',
  'recipientPhone',
  'address',
  'items',
  'units',
  'subtotal',
  'discount',
  'shipping',
  'shippingMethod',
  'tax',
  'taxIncluded',
  'total',
  'currency',
  'carrier',
  'trackingNumber',
  'note',
];

/** Column headings and status names in the staff member's language; times are UTC. */
const texts: Record<
  Locale,
  { headings: Record<Column, string>; status: Record<OrderStatus, string>; yes: string; no: string }
> = {
  'en-US': {
    headings: {
      number: 'Order number',
      placedAt: 'Placed at (UTC)',
      status: 'Status',
      shopperEmail: 'Shopper email',
      shopperPhone: 'Shopper phone',
      recipient: 'Recipient',
      recipientPhone: 'Recipient phone',
      address: 'Address',
      items: 'Items',
      units: 'Units',
      subtotal: 'Subtotal',
      discount: 'Discount',
      shipping: 'Shipping',
      shippingMethod: 'Shipping method',
      tax: 'Tax',
      taxIncluded: 'Tax included in prices',
      total: 'Total',
      currency: 'Currency',
      carrier: 'Carrier',
      trackingNumber: 'Tracking number',
      note: 'Note',
    },
    status: {
      pending_payment: 'Pending payment',
      paid: 'Paid',
      shipped: 'Shipped',
      completed: 'Completed',
      cancelled: 'Cancelled',
      refunded: 'Refunded',
      partially_refunded: 'Partially refunded',
    },
    yes: 'Yes',
    no: 'No',
  },
  'pt-BR': {
    headings: {
      number: 'Número do pedido',
      placedAt: 'Feito em (UTC)',
      status: 'Situação',
      shopperEmail: 'Email do cliente',
      shopperPhone: 'Telefone do cliente',
      recipient: 'Destinatário',
      recipientPhone: 'Telefone do destinatário',
      address: 'Endereço',
      items: 'Itens',
      units: 'Unidades',
      subtotal: 'Subtotal',
      discount: 'Desconto',
      shipping: 'Frete',
      shippingMethod: 'Forma de envio',
      tax: 'Impostos',
      taxIncluded: 'Impostos inclusos nos preços',
      total: 'Total',
      currency: 'Moeda',
      carrier: 'Transportadora',
      trackingNumber: 'Código de rastreio',
      note: 'Observação',
    },
    status: {
      pending_payment: 'Aguardando pagamento',
      paid: 'Pago',
      shipped: 'Enviado',
      completed: 'Concluído',
      cancelled: 'Cancelado',
      refunded: 'Reembolsado',
      partially_refunded: 'Parcialmente reembolsado',
    },
    yes: 'Sim',
    no: 'Não',
  },
  'zh-CN': {
    headings: {
      number: '订单号',
      placedAt: '下单时间（UTC）',
      status: '状态',
      shopperEmail: '顾客邮箱',
      shopperPhone: '顾客手机号',
      recipient: '收货人',
      recipientPhone: '收货人电话',
      address: '收货地址',
      items: '商品',
      units: '件数',
      subtotal: '商品金额',
      discount: '优惠',
      shipping: '运费',
      shippingMethod: '配送方式',
      tax: '税额',
      taxIncluded: '价格含税',
      total: '实付金额',
      currency: '币种',
      carrier: '快递公司',
      trackingNumber: '运单号',
      note: '备注',
    },
    status: {
      pending_payment: '待付款',
      paid: '已付款',
      shipped: '已发货',
      completed: '已完成',
      cancelled: '已取消',
      refunded: '已退款',
      partially_refunded: '部分退款',
    },
    yes: '是',
    no: '否',
  },
  'zh-TW': {
    headings: {
      number: '訂單編號',
      placedAt: '下單時間（UTC）',
      status: '狀態',
      shopperEmail: '顧客電子郵件',
      shopperPhone: '顧客手機號碼',
      recipient: '收件人',
      recipientPhone: '收件人電話',
      address: '收件地址',
      items: '商品',
      units: '件數',
      subtotal: '商品金額',
      discount: '優惠',
      shipping: '運費',
      shippingMethod: '配送方式',
      tax: '稅額',
      taxIncluded: '價格含稅',
      total: '實付金額',
      currency: '幣別',
      carrier: '物流公司',
      trackingNumber: '貨運單號',
      note: '備註',
    },
    status: {
      pending_payment: '待付款',
      paid: '已付款',
      shipped: '已出貨',
      completed: '已完成',
      cancelled: '已取消',
      refunded: '已退款',
      partially_refunded: '部分退款',
    },
    yes: '是',
    no: '否',
  },
};

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return first) is
 * prefixed with an apostrophe, so text a shopper typed (a note, a name) can never execute (OWASP "CSV
 * injection"). Amounts are written by us and are never negative, so they are left as numbers.
 */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const minorDigits = new Map<string, number>();
/** Minor units as a plain decimal (`1234` USD → `12.34`), without grouping, so spreadsheets read numbers. */
export function decimalAmount(minor: number, currency: string): string {
  let digits = minorDigits.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits!;
    minorDigits.set(currency, digits);
  }
  return (minor / 10 ** digits).toFixed(digits);
}

/** `2026-12-01 14:05:09`, UTC. */
const utcTime = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

function cellsOf(record: OrderExportRecord, locale: Locale): Record<Column, string> {
  const { order, lines, shopper } = record;
  const address = order.address;
  return {
    number: String(order.number),
    placedAt: utcTime(order.createdAt),
    status: texts[locale].status[order.status],
    shopperEmail: shopper?.email ?? '',
    shopperPhone: shopper?.phone ?? '',
    recipient: address.name,
    recipientPhone: address.phone,
    address: [...address.regionNames, address.detail, address.postcode].filter(Boolean).join(', '),
    items: lines
      .map((l) => `${l.name}${l.options.length ? ` (${l.options.join(' / ')})` : ''} × ${l.quantity}`)
      .join('; '),
    units: String(lines.reduce((sum, l) => sum + l.quantity, 0)),
    subtotal: decimalAmount(order.subtotal, order.currency),
    discount: decimalAmount(order.discount, order.currency),
    shipping: decimalAmount(order.shipping, order.currency),
    shippingMethod: order.shippingMethod?.name ?? '',
    tax: decimalAmount(
      order.taxes.reduce((sum, tax) => sum + tax.amount, 0),
      order.currency,
    ),
    taxIncluded: order.taxInclusive ? texts[locale].yes : texts[locale].no,
    total: decimalAmount(order.total, order.currency),
    currency: order.currency,
    carrier: order.carrier ?? '',
    trackingNumber: order.trackingNumber ?? '',
    note: order.note,
  };
}

const NUMERIC: ReadonlySet<Column> = new Set(['units', 'subtotal', 'discount', 'shipping', 'tax', 'total']);

/**
 * The orders as a CSV stream: UTF-8 with a byte-order mark (so spreadsheet programs read Chinese and
 * Portuguese right), a heading row in `locale`, CRLF line ends, every text cell formula-safe.
 */
export function ordersCsv(records: AsyncIterable<OrderExportRecord>, locale: Locale): Readable {
  const headings = texts[locale].headings;
  const rows = Readable.from(
    (async function* () {
      yield COLUMNS.map((column) => headings[column]);
      for await (const record of records) {
        const cells = cellsOf(record, locale);
        yield COLUMNS.map((column) =>
          NUMERIC.has(column) ? cells[column] : neutralizeFormula(cells[column]),
        );
      }
    })(),
  );
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  rows.on('error', (error) => csv.destroy(error));
  return rows.pipe(csv);
}
