import type { Notice, Report } from '@warpgate/engine';
import { PAGE_WIDTH, printable, table, type Cell } from '../printout';
import { distance, SPEED } from './map';
import type { MapView, PlayerView, Totals, WorldView } from './view';

/** The printable printout (digest §8.1, in the book's order), rendered from the player's view only. */

/** `left` and `right` on one line, `right` ending at the page's edge. */
const spread = (left: string, right: string) =>
  left + ' '.repeat(Math.max(2, PAGE_WIDTH - left.length - right.length)) + right;

/** Tokens joined by `sep` after `lead`, wrapped to the page with the lead's indent. */
function wrap(lead: string, tokens: string[], sep = '  '): string[] {
  const lines = [lead];
  for (const token of tokens) {
    const last = lines[lines.length - 1];
    const fresh = last.length === lead.length;
    if (!fresh && last.length + sep.length + token.length > PAGE_WIDTH)
      lines.push(' '.repeat(lead.length) + token);
    else lines[lines.length - 1] = fresh ? last + token : last + sep + token;
  }
  return lines;
}

/** §8.1 header: the game, the player's code name and score, the turn resolved and the turn to write. */
function header(v: PlayerView): string[] {
  const resolved = v.turn - 1;
  return [
    spread('GALACTIC CONFLICT', `A game of ${v.players.length} empires on ${v.map.worlds.length} worlds`),
    spread(`Code name ${v.me.name}`, `Score ${v.me.score} (+${v.me.scored} this turn)`),
    v.ended
      ? spread(`Turn ${resolved} resolved`, 'Final printout: the game is over')
      : resolved === 0
        ? spread('The game begins', 'Orders due for turn 1')
        : spread(`Turn ${resolved} resolved`, `Orders due for turn ${v.turn}`),
  ];
}

const TOTALS = ['worlds', 'econ', 'cp', 'af', 'df', 'ft', 'probes'] as const;
const TOTAL_HEADS = ['Worlds', 'Econ', 'CP', 'AF', 'DF', 'FT', 'Probes'];
const ITEM = { AF: 'af', DF: 'df', PROBES: 'probes' } as const;
const MOVES: readonly string[] = Object.values(ITEM);

/** §8.1 totals, split into what is on the player's worlds and what is in transit, so they add up. */
function totals(v: PlayerView): string[] {
  const moving: Partial<Totals> = {};
  for (const g of v.transit) moving[ITEM[g.unit]] = (moving[ITEM[g.unit]] ?? 0) + g.count;
  const row = (name: string, values: (k: (typeof TOTALS)[number]) => Cell) => [name, ...TOTALS.map(values)];
  return [
    ...table(
      'Totals',
      [{ head: 'Owned' }, ...TOTAL_HEADS.map((head) => ({ head }))],
      [
        row('On your worlds', (k) => v.totals[k] - (moving[k] ?? 0)),
        row('In transit', (k) => (MOVES.includes(k) ? (moving[k] ?? 0) : null)),
        row('Total', (k) => v.totals[k]),
      ],
    ),
    ...table(
      'Units in transit (they arrive when the turn shown is resolved)',
      ['Units', 'Type', 'Order', 'From world', 'To world', 'Arrive turn'].map((head) => ({ head })),
      v.transit.map((g) => [
        g.count,
        g.unit === 'PROBES' ? 'probes' : g.unit,
        g.kind,
        g.from,
        g.to,
        g.arrives,
      ]),
    ),
  ];
}

/** §8.1 visible worlds: a table, then what happened at each and this player's orders there. */
function worlds(v: PlayerView): string[] {
  return [
    ...table(
      'Worlds you see',
      ['World', 'Owner', 'Econ', 'CP', 'AF', 'DF', 'FT', 'Probes'].map((head) => ({ head })),
      v.worlds.map((w) => [w.number, w.owner, w.econ, w.cp, w.af, w.df, w.ft, w.probes]),
    ),
    ...v.worlds.flatMap(worldNews),
  ];
}

function worldNews(w: WorldView): string[] {
  const lines: string[] = [];
  const b = w.battle;
  if (b) {
    const outcome = b.outcome === 'conquered' ? `conquered by ${b.conqueror}` : b.outcome;
    lines.push(
      ...wrap(
        '  Attacked by ',
        b.attackers.map((a, i) => `${a.name} ${a.af} AF${i < b.attackers.length - 1 ? ',' : ''}`),
        ' ',
      ),
      `  Defender ${b.defender} with ${b.af} AF, ${b.df} DF, ${b.ft} FT: ${outcome}`,
    );
  }
  if (w.probed) lines.push('  <<Probed>>');
  if (w.transferredFrom) lines.push(`  Transferred from ${w.transferredFrom}`);
  const executed = w.orders.map((o) => `${o.order}${o.reused ? ' (reused)' : ''}`);
  if (executed.length > 0) lines.push(...wrap('  Your orders executed: ', executed));
  if (w.reusable.length > 0) lines.push(...wrap('  Available for reuse: ', w.reusable));
  return lines.length === 0 ? [] : ['', `World ${w.number} (${w.owner})`, ...lines];
}

/** Turns of travel to show distances for, besides the worlds this printout lists. */
const REACH = 3;

/**
 * Hex distances from each of the player's worlds, grouped by turns of travel (§6.2), to every world
 * within REACH turns and to every world the printout lists: planning needs no counting on the map.
 */
function distances(v: PlayerView): string[] {
  const listed = new Set(v.worlds.map((w) => w.number));
  const own = v.map.worlds.filter((w) => w.own);
  if (own.length === 0) return [];
  const lines = ['', `Distances in hexes from your worlds (* yours; units move ${SPEED} hexes a turn)`];
  for (const from of own) {
    const near = v.map.worlds
      .map((w) => ({ w, d: distance(from, w) }))
      .filter(({ w, d }) => d > 0 && (d <= REACH * SPEED || listed.has(w.number)))
      .sort((a, b) => a.d - b.d || a.w.number - b.w.number);
    lines.push('', `From world ${from.number}`);
    for (let turns = 1; near.length > 0; turns++) {
      const these = near.filter(({ d }) => Math.ceil(d / SPEED) === turns);
      near.splice(0, these.length);
      const lead = `  ${turns} turn${turns === 1 ? ': ' : 's:'}`.padEnd(13);
      if (these.length > 0)
        lines.push(
          ...wrap(
            lead,
            these.map(({ w, d }) => `${w.own ? '*' : ''}${w.number} (${d})`),
          ),
        );
    }
  }
  return lines;
}

/** Every line of the player's last orders, in the order written, with what became of it. */
function received(v: PlayerView): string[] {
  if (v.diagnostics.length === 0) return [];
  const width = Math.min(
    24,
    v.diagnostics.reduce((w, d) => Math.max(w, d.order.length), 5),
  );
  const lead = (line: string, order: string) => `${line.padStart(4)}  ${order.padEnd(width)}  `;
  const lines = ['', 'Orders received', '', lead('Line', 'Order') + 'Outcome'];
  for (const d of v.diagnostics) {
    const start = lead(d.line === null ? '-' : String(d.line), printable(d.order));
    const message = printable(d.message);
    if (start.length + message.length <= PAGE_WIDTH && d.order.length <= width) lines.push(start + message);
    else lines.push(start.trimEnd(), ' '.repeat(8) + message);
  }
  return lines;
}

/** Columns of the offset hex map a part of it may hold (two characters each) after `label` characters. */
const mapColumns = (label: number) => Math.floor((PAGE_WIDTH - 4 - label) / 2) + 1;

/**
 * §8.1 map: one row per r, worlds by number, the player's own marked `*` (the book underlines them).
 * A map wider than the page is printed in parts, west to east, its rows numbered.
 */
function map(m: MapView): string[] {
  const at = new Map(m.worlds.map((w) => [`${w.q},${w.r}`, w]));
  // Doubled columns: hex (q, r) sits at x = 2q + r, two characters apart.
  const xs = 4 * m.radius + 1;
  // A map in parts numbers its rows, north to south (`12|`), so that a row can be followed from part to part.
  const label = xs <= mapColumns(0) ? 0 : String(2 * m.radius + 1).length + 1;
  const parts = Math.ceil(xs / mapColumns(label));
  const size = Math.ceil(xs / parts);
  const lines: string[] = [];
  for (let part = 0; part < parts; part++) {
    const x0 = -2 * m.radius + part * size;
    const title = parts === 1 ? 'Map (* yours)' : `Map (* yours), part ${part + 1} of ${parts}, west to east`;
    lines.push('', title, '');
    for (let r = -m.radius; r <= m.radius; r++) {
      let row = '';
      for (let q = Math.max(-m.radius, -r - m.radius); q <= Math.min(m.radius, -r + m.radius); q++) {
        const x = 2 * q + r;
        if (x < x0 || x >= x0 + size) continue;
        const w = at.get(`${q},${r}`);
        row = row.padEnd(2 * (x - x0)) + (w ? `${w.own ? '*' : ''}${w.number}` : '.').padStart(4);
      }
      const number = label === 0 ? '' : `${String(r + m.radius + 1).padStart(label - 1)}|`;
      lines.push((number + row).trimEnd());
    }
  }
  return lines;
}

function standings(v: PlayerView): string[] {
  return table(
    'Final standings',
    ['Rank', 'Code name', 'Score', ...TOTAL_HEADS, 'Result'].map((head) => ({ head })),
    (v.standings ?? []).map((s) => [
      s.rank,
      s.name,
      s.score,
      ...TOTALS.map((k) => s.totals[k]),
      s.winner ? 'winner' : '',
    ]),
  );
}

/** §8.4: every notification the digest pushes goes out at once; contacts on their own channel. */
const toNotice = ({ kind, text }: PlayerView['notices'][number]): Notice => ({
  kind: kind === 'contact' ? 'contact' : 'combat',
  text,
});

export function renderReport(v: PlayerView): Report<PlayerView> {
  const lines = [
    ...header(v),
    ...totals(v),
    ...worlds(v),
    ...(v.contacts.length === 0
      ? ['', 'Contacts: none']
      : table(
          'Contacts',
          [{ head: 'Code name' }, { head: 'Score' }],
          v.contacts.map((c) => [c.name, c.score]),
        )),
    ...(v.notices.length === 0 ? [] : ['', 'News', ...v.notices.map((n) => `  ${n.text}`)]),
    ...received(v),
    ...standings(v),
    ...distances(v),
    ...map(v.map),
  ];
  return { turn: v.turn, data: v, text: lines.join('\n') + '\n', notices: v.notices.map(toNotice) };
}
