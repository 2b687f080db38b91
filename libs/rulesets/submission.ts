import { jsonText } from './printout';

/** Why an order cannot be read. */
type Unread = { error: string };

/**
 * Reads a submission as the rulesets take it, never throwing: a text starting with `[` is a JSON
 * array of orders (an order's line is its position; an object alone is refused, `jsonForm` saying
 * what the array holds), any other text one order a line, blank lines and `#` comment lines skipped.
 * `take` files each order or why it cannot be read, calling `read` when it wants it read.
 */
export function readSubmission<R>(
  text: unknown,
  take: (line: number, written: string, read: () => R | Unread) => void,
  {
    jsonForm,
    readJson,
    readLine,
    bare = (line) => line,
  }: {
    jsonForm: string;
    readJson: (item: unknown) => R | Unread;
    readLine: (line: string) => R | Unread;
    /** The line read, from the line as written (trimmed): a ruleset may let more go, a final `;` say. */
    bare?: (line: string) => string;
  },
): void {
  if (typeof text !== 'string') return take(1, '', () => ({ error: 'no text' }));
  const start = text.trimStart();
  // An object alone is a mistake for the JSON form, not a line of text.
  if (start.startsWith('{'))
    return take(1, text, () => ({ error: `the JSON form is an array: [${jsonForm}]` }));
  if (start.startsWith('[')) {
    let items: unknown;
    try {
      items = JSON.parse(text);
    } catch {
      // The parser's own message is a JavaScript error text: not for players.
      return take(1, text, () => ({ error: 'invalid JSON' }));
    }
    if (!Array.isArray(items)) return take(1, text, () => ({ error: 'not a JSON array' }));
    items.forEach((item, i) => take(i + 1, jsonText(item), () => readJson(item)));
    return;
  }
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const written = raw.trim();
    const line = bare(written);
    if (line !== '' && !line.startsWith('#')) take(i + 1, written, () => readLine(line));
  });
}
