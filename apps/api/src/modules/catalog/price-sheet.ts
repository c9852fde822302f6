import { parse } from 'csv-parse/sync';
import {
  AppError,
  Code,
  currencyDecimals,
  MAX_MONEY,
  PRICE_SHEET_COLUMNS,
  PRICE_SHEET_MAX_ROWS,
  priceSheetOriginalPriceColumn,
  priceSheetPriceColumn,
  type MessageKey,
} from '@shop/contract';
import type { SkuPriceRecord } from '@shop/db';

/**
 * The price sheet's format (contract: `PRICE_SHEET_COLUMNS`): its columns, an amount as a cell, and an uploaded
 * file read into rows to apply. Reading is all or nothing: every problem found is reported at once (up to
 * `MAX_REPORTED`), as code 1 with fields `rows.<row>.<column>`, `columns.<header>` or `body`, and no row is
 * returned while any problem is left.
 */

/** The shop's currency and the others some market sells in (sorted), as the sheet's columns follow them. */
export interface SheetCurrencies {
  shop: string;
  others: readonly string[];
}

/** The sheet's header, in order: the SKU, what helps people find it, then two columns per currency. */
export function priceSheetHeader(currencies: SheetCurrencies): string[] {
  return [
    PRICE_SHEET_COLUMNS.skuId,
    PRICE_SHEET_COLUMNS.goodsId,
    PRICE_SHEET_COLUMNS.name,
    PRICE_SHEET_COLUMNS.options,
    ...[currencies.shop, ...currencies.others].flatMap((currency) => [
      priceSheetPriceColumn(currency),
      priceSheetOriginalPriceColumn(currency),
    ]),
  ];
}

/** Minor units as the sheet writes them: a plain decimal with the currency's own decimals ("69.90", "500"). */
export function amountCell(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined) return '';
  const decimals = currencyDecimals(currency);
  if (decimals === 0) return String(amount);
  const unit = 10 ** decimals;
  const whole = Math.floor(amount / unit);
  return `${whole}.${String(amount - whole * unit).padStart(decimals, '0')}`;
}

/**
 * A cell as minor units of `currency`, or why it is not one. Digits with a point before at most the currency's
 * decimals (zeros past them are fine: "69.900"); in a sheet saved with semicolons, as spreadsheets set to
 * Portuguese do, a comma may stand for the point ("69,90").
 */
export function parseAmount(cell: string, currency: string, decimalComma: boolean): number | MessageKey {
  const text = decimalComma && /^-?\d+,\d+$/.test(cell) ? cell.replace(',', '.') : cell;
  if (/^-\d+(?:\.\d+)?$/.test(text)) return 'validation.outOfRange';
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return 'validation.priceSheet.amount';
  const decimals = currencyDecimals(currency);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return 'validation.priceSheet.decimals';
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  if (whole.length > 12) return 'validation.outOfRange';
  const minor = Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  return minor > MAX_MONEY ? 'validation.outOfRange' : minor;
}

/** One row of an uploaded sheet that may be applied. */
export interface SheetRow {
  /** The row as a spreadsheet numbers it (the header is row 1). */
  row: number;
  skuId: string;
  /** The price and list price in the shop's currency, when the sheet has those columns. */
  base?: SkuPriceRecord;
  /** Own prices per other currency whose columns the sheet has: null takes the SKU's own price away. */
  own: Map<string, SkuPriceRecord | null>;
}

/** How many problems one reply lists; past them, `rows` says there are more. */
const MAX_REPORTED = 50;
/** A header quoted in a field name is cut to this many characters. */
const MAX_HEADER_IN_FIELD = 40;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The problems of one upload, in the order found, as the envelope's field messages. */
export class SheetProblems {
  private readonly fields: Record<string, MessageKey> = {};
  private count = 0;

  add(field: string, key: MessageKey): void {
    if (field in this.fields) return;
    this.count++;
    if (this.count <= MAX_REPORTED) this.fields[field] = key;
    else this.fields.rows = 'validation.priceSheet.moreErrors';
  }

  get size(): number {
    return this.count;
  }

  /** Throws the code 1 refusal when any problem was found. */
  throwIfAny(): void {
    if (this.count > 0) throw new AppError(Code.validation, 'validation.invalid', { ...this.fields });
  }
}

/** A refusal of the whole file (`body`). */
function fileProblem(key: MessageKey): AppError {
  return new AppError(Code.validation, 'validation.invalid', { body: key });
}

/**
 * The uploaded bytes as text: UTF-8, with or without a byte order mark. Anything else is refused rather than read
 * with replacement characters: a file saved in a spreadsheet's legacy encoding should be saved again as UTF-8.
 */
export function decodeSheet(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fileProblem('validation.priceSheet.encoding');
  }
}

/** The field separator the header row uses: a comma, else a semicolon or a tab (spreadsheets' other choices). */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

interface MoneyColumn {
  kind: 'price' | 'originalPrice';
  currency: string;
  /** The header as the shop writes it (`price_BRL`), for field names. */
  name: string;
}
type Column = { kind: 'sku' } | { kind: 'ignored' } | { kind: 'blank' } | MoneyColumn;

/** What each header cell is; header problems are added to `problems`. */
function readHeader(header: string[], currencies: SheetCurrencies, problems: SheetProblems): Column[] {
  const sold = new Set([currencies.shop, ...currencies.others]);
  const seen = new Set<string>();
  const ignored = new Set<string>([
    PRICE_SHEET_COLUMNS.goodsId,
    PRICE_SHEET_COLUMNS.name,
    PRICE_SHEET_COLUMNS.options,
  ]);
  const columns = header.map((cell): Column => {
    const name = cell.trim();
    const field = `columns.${name.slice(0, MAX_HEADER_IN_FIELD)}`;
    if (name === '') return { kind: 'blank' };
    const lower = name.toLowerCase();
    if (seen.has(lower)) {
      problems.add(field, 'validation.priceSheet.columnTwice');
      return { kind: 'ignored' };
    }
    seen.add(lower);
    if (lower === PRICE_SHEET_COLUMNS.skuId) return { kind: 'sku' };
    if (ignored.has(lower)) return { kind: 'ignored' };
    const money = /^(original_price|price)_([a-z]{3})$/.exec(lower);
    if (!money) {
      problems.add(field, 'validation.priceSheet.unknownColumn');
      return { kind: 'ignored' };
    }
    const currency = money[2]!.toUpperCase();
    const kind = money[1] === 'price' ? 'price' : 'originalPrice';
    const canonical =
      kind === 'price' ? priceSheetPriceColumn(currency) : priceSheetOriginalPriceColumn(currency);
    if (!sold.has(currency)) {
      problems.add(`columns.${canonical}`, 'validation.goods.priceCurrency');
      return { kind: 'ignored' };
    }
    return { kind, currency, name: canonical };
  });
  if (!columns.some((c) => c.kind === 'sku'))
    problems.add(`columns.${PRICE_SHEET_COLUMNS.skuId}`, 'validation.priceSheet.skuColumn');
  // A currency's price and list price are read together: either alone would leave half a price unsaid.
  const moneyColumns = columns.filter(
    (c): c is MoneyColumn => c.kind === 'price' || c.kind === 'originalPrice',
  );
  for (const column of moneyColumns) {
    const partner = column.kind === 'price' ? 'originalPrice' : 'price';
    if (!moneyColumns.some((c) => c.kind === partner && c.currency === column.currency))
      problems.add(`columns.${column.name}`, 'validation.priceSheet.columnPair');
  }
  return columns;
}

/**
 * Reads an uploaded sheet (already decoded) into the rows to apply, or throws code 1 with every problem found:
 * the header's, then each row's. Rows whose cells are all empty are skipped (spreadsheets leave them).
 */
export function readPriceSheet(text: string, currencies: SheetCurrencies): SheetRow[] {
  if (text.trim() === '') throw fileProblem('validation.priceSheet.empty');
  const delimiter = delimiterOf(text);
  let records: string[][];
  try {
    records = parse(text, { delimiter, bom: true, relax_column_count: true }) as string[][];
  } catch (error) {
    const done = (error as { records?: unknown }).records;
    const row = typeof done === 'number' ? done + 1 : 1;
    throw new AppError(Code.validation, 'validation.invalid', {
      [`rows.${row}`]: 'validation.priceSheet.malformed',
    });
  }
  const [header, ...body] = records;
  if (!header) throw fileProblem('validation.priceSheet.empty');
  const problems = new SheetProblems();
  const columns = readHeader(header, currencies, problems);
  problems.throwIfAny();

  const filled = body
    .map((cells, index) => ({ cells: cells.map((c) => c.trim()), row: index + 2 }))
    .filter(({ cells }) => cells.some((cell) => cell !== ''));
  if (filled.length === 0) throw fileProblem('validation.priceSheet.empty');
  if (filled.length > PRICE_SHEET_MAX_ROWS) throw fileProblem('validation.priceSheet.tooManyRows');

  const decimalComma = delimiter !== ',';
  const skuAt = columns.findIndex((c) => c.kind === 'sku');
  const currencyColumns = new Map<string, { price: number; originalPrice: number }>();
  columns.forEach((column, index) => {
    if (column.kind !== 'price' && column.kind !== 'originalPrice') return;
    const pair = currencyColumns.get(column.currency) ?? { price: -1, originalPrice: -1 };
    pair[column.kind] = index;
    currencyColumns.set(column.currency, pair);
  });
  const listed = new Set<string>();
  const rows: SheetRow[] = [];
  for (const { cells, row } of filled) {
    // A row may end in empty cells past the header (a spreadsheet's stray column), never lack any.
    if (cells.length < columns.length || cells.slice(columns.length).some((cell) => cell !== '')) {
      problems.add(`rows.${row}`, 'validation.priceSheet.cells');
      continue;
    }
    const blankWithText = columns.findIndex((c, i) => c.kind === 'blank' && cells[i] !== '');
    if (blankWithText >= 0) problems.add(`rows.${row}`, 'validation.priceSheet.cells');
    const skuId = cells[skuAt]!;
    const skuField = `rows.${row}.${PRICE_SHEET_COLUMNS.skuId}`;
    if (skuId === '') problems.add(skuField, 'validation.required');
    else if (!UUID.test(skuId)) problems.add(skuField, 'validation.priceSheet.unknownSku');
    else if (listed.has(skuId.toLowerCase())) problems.add(skuField, 'validation.priceSheet.skuTwice');
    else listed.add(skuId.toLowerCase());

    const parsed: SheetRow = { row, skuId: skuId.toLowerCase(), own: new Map() };
    for (const [currency, at] of currencyColumns) {
      const priceField = `rows.${row}.${priceSheetPriceColumn(currency)}`;
      const originalField = `rows.${row}.${priceSheetOriginalPriceColumn(currency)}`;
      const amount = (cell: string, field: string): number | null | undefined => {
        if (cell === '') return null;
        const value = parseAmount(cell, currency, decimalComma);
        if (typeof value === 'number') return value;
        problems.add(field, value);
        return undefined;
      };
      const price = amount(cells[at.price]!, priceField);
      const originalPrice = amount(cells[at.originalPrice]!, originalField);
      if (price === undefined || originalPrice === undefined) continue;
      const isShop = currency === currencies.shop;
      if (price === null) {
        if (isShop) problems.add(priceField, 'validation.required');
        else if (originalPrice !== null)
          problems.add(originalField, 'validation.priceSheet.originalWithoutPrice');
        else parsed.own.set(currency, null);
        continue;
      }
      if (originalPrice !== null && originalPrice <= price) {
        problems.add(originalField, 'validation.goods.originalPrice');
        continue;
      }
      if (isShop) parsed.base = { price, originalPrice };
      else parsed.own.set(currency, { price, originalPrice });
    }
    rows.push(parsed);
  }
  problems.throwIfAny();
  return rows;
}
