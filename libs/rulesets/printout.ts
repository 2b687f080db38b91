/** Fixed-width text for the printouts: what every ruleset's report tables are made of. */

/** The width a printout fits: a page of the books, a terminal. */
export const PAGE_WIDTH = 80;
/** Between the two columns of a table printed twice side by side. */
const GUTTER = '    ';

export interface Column {
  /** Spelled out: a column's head says what it holds, once. */
  head: string;
  /** Numbers are shown with this many decimals, every row alike (0 by default). */
  digits?: number;
  /** Text goes left, numbers right (by default, by the column's first value). */
  align?: 'left' | 'right';
}

/** A value in a row; undefined or null: not known, shown as `-`. */
export type Cell = string | number | null | undefined;

/** A number or text as its column shows it. */
export function cellText(value: Cell, column: Column): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'number') return value.toFixed(column.digits ?? 0);
  return printable(value);
}

/**
 * Text as a one-line cell may show it: control characters and line breaks (a player's order line or
 * address may hold any) become `?`.
 */
export function printable(text: string): string {
  // Tested first: almost every cell has none, and a report has tens of thousands of cells.
  return UNPRINTABLE.test(text) ? text.replace(UNPRINTABLES, (c) => (c === '\t' ? ' ' : '?')) : text;
}
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const UNPRINTABLES = new RegExp(UNPRINTABLE.source, 'g');

/** A line a player wrote, as a printout echoes it: printable, and at most `max` characters. */
export function echo(text: string, max: number): string {
  const shown = printable(text);
  return shown.length > max ? `${shown.slice(0, max - 1)}…` : shown;
}

/** A JSON item as its player wrote it, for the echo; one nested too deeply to write out is `…`. */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return '…';
  }
}

/**
 * A titled table in fixed-width columns two spaces apart, fitting `width`: when its columns do not,
 * it is printed in parts, each repeating the first column (the row's name), as the books split
 * their wide tables. Nothing for no rows. `twoColumns` (Galaxy's TWOCOL): a table narrow enough is
 * printed in two columns side by side, its first half of rows left, the rest right.
 */
export function table(
  title: string,
  columns: Column[],
  rows: Cell[][],
  width = PAGE_WIDTH,
  twoColumns = false,
): string[] {
  if (rows.length === 0) return [];
  const texts = rows.map((row) => columns.map((c, i) => cellText(row[i], c)));
  // A loop, not a spread: a table may have more rows than a call has room for arguments.
  const widths = columns.map((c, i) => texts.reduce((w, t) => Math.max(w, t[i].length), c.head.length));
  const right = columns.map(
    (c, i) => (c.align ?? (typeof rows[0][i] === 'number' ? 'right' : 'left')) === 'right',
  );
  // A loop, not map and join: a report writes tens of thousands of cells.
  const line = (cells: string[], parts: number[]) => {
    let out = '';
    for (let k = 0; k < parts.length; k++) {
      const i = parts[k];
      out += (k > 0 ? '  ' : '') + (right[i] ? cells[i].padStart(widths[i]) : cells[i].padEnd(widths[i]));
    }
    return out.trimEnd();
  };
  const heads = columns.map((c) => c.head);
  const all = columns.map((_, i) => i);
  const wide = widths.reduce((a, w) => a + w + 2, -2);
  if (twoColumns && rows.length > 1 && 2 * wide + GUTTER.length <= width) {
    const half = Math.ceil(texts.length / 2);
    const pair = (left: string[], right: string[] | undefined) =>
      right ? line(left, all).padEnd(wide) + GUTTER + line(right, all) : line(left, all);
    return [
      '',
      title,
      '',
      pair(heads, heads),
      ...texts.slice(0, half).map((t, i) => pair(t, texts[half + i])),
    ];
  }
  const out: string[] = [];
  for (const part of parts(widths, width)) {
    out.push('', title, '', line(heads, part));
    for (const cells of texts) out.push(line(cells, part));
  }
  return out;
}

/** The columns of each part: the first column, then as many of the others as fit beside it. */
function parts(widths: number[], width: number): number[][] {
  const out: number[][] = [];
  let part = [0];
  let used = widths[0];
  for (let i = 1; i < widths.length; i++) {
    if (part.length > 1 && used + 2 + widths[i] > width) {
      out.push(part);
      part = [0];
      used = widths[0];
    }
    part.push(i);
    used += 2 + widths[i];
  }
  out.push(part);
  return out;
}
