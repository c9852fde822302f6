/** What the benchmarks share for reading their settings and printing their figures. */

export function percent(ratio: number): string {
  return `${Math.round(ratio * 100)} %`;
}

/** A plain-text table: the first two (text) columns left-aligned, the figures right-aligned. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column < 2 ? cell.padEnd(at(widths, column)) : cell.padStart(at(widths, column)),
      )
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of rows) console.log(line(row));
}

export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`No item at ${index}`);
  return item;
}

/** An integer setting from the environment, at least `min`; `fallback` when unset. */
export function positiveIntegerFromEnv(name: string, fallback: number, min = 1): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer of at least ${min}, not "${text}"`);
  }
  return value;
}
