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

/** The narrowest a column of text is wrapped to: a name (at most 20 characters) keeps its line. */
const NARROWEST = 20;

/** Spaces, made once: a report pads hundreds of thousands of cells. */
const SPACES = Array.from({ length: 2 * PAGE_WIDTH + 1 }, (_, n) => ' '.repeat(n));
const spaces = (n: number): string => (n < SPACES.length ? SPACES[n] : ' '.repeat(n));

/**
 * A titled table in fixed-width columns two spaces apart, fitting `width`. When its columns do not fit,
 * its widest columns of text are wrapped onto continuation lines (numbers never are), down to
 * NARROWEST; when that is not enough, it is printed in parts, each repeating the first column (the
 * row's name), as the books split their wide tables, a text too wide even for a part wrapped in it.
 * Nothing for no rows. `twoColumns` (Galaxy's TWOCOL): a table narrow enough is printed in two
 * columns side by side, its first half of rows left, the rest right.
 */
export function table(
  title: string,
  columns: Column[],
  rows: Cell[][],
  width = PAGE_WIDTH,
  twoColumns = false,
): string[] {
  if (rows.length === 0) return [];
  const n = columns.length;
  // Every cell as shown, the heads first, in one array; each column's width, and the narrowest it
  // may be wrapped to (its head and numbers never wrap), measured as they are made.
  const cells = new Array<string>((rows.length + 1) * n);
  const widths = new Array<number>(n);
  const floors = new Array<number>(n);
  const digits = new Array<number>(n);
  const right = new Array<boolean>(n);
  for (let i = 0; i < n; i++) {
    const c = columns[i];
    cells[i] = c.head;
    widths[i] = floors[i] = c.head.length;
    digits[i] = c.digits ?? 0;
    right[i] = (c.align ?? (typeof rows[0][i] === 'number' ? 'right' : 'left')) === 'right';
  }
  let at = n;
  for (const row of rows)
    for (let i = 0; i < n; i++, at++) {
      const value = row[i];
      let text: string;
      if (typeof value === 'number') {
        text = fixed(value, digits[i]);
        if (text.length > floors[i]) floors[i] = text.length;
      } else text = value === null || value === undefined ? '-' : printable(value);
      if (text.length > widths[i]) widths[i] = text.length;
      cells[at] = text;
    }
  const wide = widths.reduce((a, w) => a + w + 2, -2);
  if (twoColumns && rows.length > 1 && 2 * wide + GUTTER.length <= width) {
    const all = widths.map((_, i) => i);
    const half = Math.ceil(rows.length / 2);
    const out = ['', title, ''];
    for (let r = 0; r <= half; r++) {
      const left = line(cells, r * n, all, widths, right);
      // The heads stand over both halves; row r of the left half has row half + r beside it.
      const other = r === 0 ? 0 : r + half;
      out.push(
        other > rows.length
          ? left
          : left + spaces(wide - left.length) + GUTTER + line(cells, other * n, all, widths, right),
      );
    }
    return out;
  }
  for (let i = 0; i < n; i++) floors[i] = Math.max(floors[i], Math.min(widths[i], NARROWEST));
  const out: string[] = [];
  for (const part of layout(widths, floors, width)) {
    out.push('', title, '');
    for (let r = 0; r <= rows.length; r++) rowLines(out, cells, r * n, part, widths, right);
  }
  return out;
}

/**
 * `value.toFixed(digits)`, made cheaply where that is sure to be the same (toFixed is slow, and a report
 * shows tens of thousands of numbers): whole numbers, and others not near a tie between two roundings.
 */
export function fixed(value: number, digits: number): string {
  // Whole numbers up to 2^53 print exactly as toFixed prints them.
  if (Number.isSafeInteger(value)) return digits === 0 ? String(value) : `${value}.${ZEROS[digits]}`;
  const scale = 10 ** digits;
  const scaled = Math.abs(value) * scale;
  // Beyond 1e9 (or 6 digits) the product's rounding error could tip a near tie: toFixed decides.
  if (!(scaled < 1e9) || digits > 6 || Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6)
    return value.toFixed(digits);
  const whole = Math.round(scaled);
  const sign = value < 0 ? '-' : '';
  if (digits === 0) return `${sign}${whole}`;
  const units = Math.floor(whole / scale);
  return `${sign}${units}.${String(whole - units * scale).padStart(digits, '0')}`;
}
const ZEROS = Array.from({ length: 101 }, (_, n) => '0'.repeat(n));

/**
 * The columns of each part, `widths` made to fit `width`: all in one part, wrapping the widest texts
 * if need be; or else parts, each the first column (as narrow as it wraps) and as many of the others as
 * fit beside it, a text too wide for that wrapped.
 */
function layout(widths: number[], floors: number[], width: number): number[][] {
  const all = widths.map((_, i) => i);
  let excess = widths.reduce((a, w) => a + w + 2, -2) - width;
  if (excess <= 0) return [all];
  const wrapped = widths.slice();
  while (excess > 0) {
    // The widest column that may still wrap, down to the next widest (so that they end even).
    let widest = -1;
    let next = 0;
    for (let i = 0; i < wrapped.length; i++) {
      if (wrapped[i] <= floors[i]) continue;
      if (widest < 0 || wrapped[i] > wrapped[widest]) {
        if (widest >= 0) next = Math.max(next, wrapped[widest]);
        widest = i;
      } else next = Math.max(next, wrapped[i]);
    }
    if (widest < 0) break;
    const w = wrapped[widest];
    const to = Math.max(floors[widest], w - excess, next < w ? next : w - 1);
    excess -= w - to;
    wrapped[widest] = to;
  }
  if (excess <= 0) {
    for (const i of all) widths[i] = wrapped[i];
    return [all];
  }
  widths[0] = Math.min(widths[0], floors[0]);
  for (let i = 1; i < widths.length; i++)
    widths[i] = Math.max(floors[i], Math.min(widths[i], width - widths[0] - 2));
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

/** The row of `cells` from `at`, its columns `part`, as lines: one, or more where a text wraps. */
function rowLines(
  out: string[],
  cells: string[],
  at: number,
  part: number[],
  widths: number[],
  right: boolean[],
): void {
  if (part.every((i) => cells[at + i].length <= widths[i])) {
    out.push(line(cells, at, part, widths, right));
    return;
  }
  const pieces = part.map((i) => wrapText(cells[at + i], widths[i]));
  const shown = new Array<string>(widths.length).fill('');
  for (let l = 0; l < Math.max(...pieces.map((p) => p.length)); l++) {
    part.forEach((i, k) => (shown[i] = pieces[k][l] ?? ''));
    out.push(line(shown, 0, part, widths, right));
  }
}

/**
 * One line of cells from `at`, columns `part`, each padded to its width, two spaces apart, no trailing
 * space. Joined from its pieces, not added up: a line made by `+` is a tree of pieces until the report
 * is joined, and a report keeps thousands of lines (twice the time, garbage collection included).
 */
function line(cells: string[], at: number, part: number[], widths: number[], right: boolean[]): string {
  const pieces: string[] = [];
  // Spaces not written yet: a text's padding and the gap after it, left out at the end of the line.
  let owed = 0;
  let last = '';
  for (let k = 0; k < part.length; k++) {
    const i = part[k];
    const text = cells[at + i];
    if (text.length === 0) {
      owed += widths[i] + 2;
      continue;
    }
    const pad = widths[i] - text.length;
    if (right[i]) {
      pieces.push(spaces(owed + pad), text);
      owed = 2;
    } else {
      pieces.push(spaces(owed), text);
      owed = pad + 2;
    }
    last = text;
  }
  const out = pieces.join('');
  return last.endsWith(' ') ? out.trimEnd() : out;
}

/**
 * `text` in lines of at most `width` characters, continuation lines after `indent`: broken after a
 * comma or at a space where it can be, a word longer than a line cut.
 */
export function wrapText(text: string, width = PAGE_WIDTH, indent = ''): string[] {
  const lines: string[] = [];
  let rest = text;
  let room = Math.max(1, width);
  while (rest.length > room) {
    // After a comma, when that leaves at least half a line: a list's items (names) stay whole.
    const comma = rest.lastIndexOf(',', room - 1) + 1;
    const end = comma > room / 2 ? comma : Math.max(rest.lastIndexOf(' ', room), comma);
    const cut = end > 0 ? end : room;
    lines.push((lines.length > 0 ? indent : '') + rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
    room = Math.max(1, width - indent.length);
  }
  if (rest.length > 0 || lines.length === 0) lines.push((lines.length > 0 ? indent : '') + rest);
  return lines;
}
