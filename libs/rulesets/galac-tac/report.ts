import type { Notice, Report } from '@warpgate/engine';
import { echo, PAGE_WIDTH, printable, table, wrapText, type Cell, type Column } from '../printout';
import { DRIVE_ROWS, formatRating, maxP, ssd } from './design';
import { columnOf, formatLoc, locOf, rowOf, type Loc, type News, type StandingOrder } from './state';
import {
  UNKNOWN,
  type CombatView,
  type PlaceView,
  type PlayerView,
  type ScoutView,
  type ShipView,
  type StarView,
  type SystemView,
} from './view';

/** The printout (digest §8.1, §8.2, §8.3), in the book's order and wording, from the player's view only. */

export function renderReport(v: PlayerView): Report<PlayerView> {
  const lines = [
    header(v, 'ECONOMIC/FLEET REPORT'),
    ...outcome(v),
    ...summary(v),
    ...v.systems.flatMap((system) => systemLines(v, system)),
    ...v.places.flatMap((place) => placeLines(v, place)),
    ...scouting(v),
    ...encounters(v),
    ...combats(v),
    ...v.shipyards.flatMap((sort) => shipyard(v, sort)),
    ...maps(v),
  ];
  const notices: Notice[] = [
    ...v.combats.map((c): Notice => ({ kind: 'combat', text: `Combat at ${formatLoc(c.loc)}` })),
    ...v.met.map((name): Notice => ({ kind: 'contact', text: `You have met ${name}` })),
    ...v.scouts.map((r): Notice => ({
      kind: 'news',
      text: `Scout ${r.ship} reports from ${formatLoc(r.loc)}`,
    })),
  ];
  if (v.ended) notices.push({ kind: 'news', text: 'The game is over' });
  return { turn: v.turn, data: v, text: lines.join('\n') + '\n', notices };
}

/** `left` and `right` on one line, `right` ending at the page's edge. */
const spread = (left: string, right: string) =>
  left + ' '.repeat(Math.max(2, PAGE_WIDTH - left.length - right.length)) + right;

/** A report's title line, dated at the right as the book's (§8.1 header: the date, top right). */
const header = (v: PlayerView, title: string) => spread(`GALAC-TAC ${title}`, v.date);

/** An empire's name in a sentence: `unknown` is no name. */
const empire = (name: string) => (name === UNKNOWN ? 'an unknown empire' : name);

/** The empire and turn; an eliminated empire's loss; the final standings once the game is over (§9). */
function outcome(v: PlayerView): string[] {
  const lines = [spread(`Empire ${printable(v.me.name)}`, `Turn ${v.turn}`)];
  if (v.me.eliminated) lines.push('', `Your Home System was destroyed on ${v.me.eliminated}.`);
  if (v.winners)
    lines.push('', ...wrapText(`The game is over. Won by ${v.winners.map(printable).join(', ')}.`));
  if (v.standings)
    lines.push(
      ...table(
        'FINAL STANDINGS',
        [{ head: 'Rank' }, { head: 'Empire' }, { head: 'Result' }],
        v.standings.map((row) => [
          row.rank,
          printable(row.name) + (row.winner ? ' (winner)' : ''),
          row.destroyed ? `destroyed on ${row.destroyed}` : `${ordinal(row.percentile ?? 0)} percentile`,
        ]),
      ),
    );
  return lines;
}

const RESULT = { done: 'executed', partial: 'partly executed', failed: 'failed' } as const;

/** §8.1 point 2: each action with its result, then the status lines and missing ships of the fortnight. */
function summary(v: PlayerView): string[] {
  const lines: string[] = [];
  if (v.actions.length > 0) {
    const width = Math.min(32, Math.max(6, ...v.actions.map(([, text]) => text.length)));
    const lead = (line: string, action: string) => `${line.padStart(4)}  ${action.padEnd(width)}  `;
    lines.push('', 'ACTION SUMMARY', '', lead('Line', 'Action') + 'Result');
    for (const [line, text, result, note] of v.actions) {
      const start = lead(line === null ? '-' : String(line), echo(text, PAGE_WIDTH - 6));
      const said = printable(note === '' ? RESULT[result] : `${RESULT[result]}: ${note}`);
      if (start.length + said.length <= PAGE_WIDTH && text.length <= width) lines.push(start + said);
      else lines.push(start.trimEnd(), ...wrapText(' '.repeat(8) + said, PAGE_WIDTH, ' '.repeat(8)));
    }
  }
  const status = v.notes.flatMap((note) => wrapText(printable(note), PAGE_WIDTH, '  '));
  if (v.missing.length > 0) status.push(...wrapText(`Missing: ${v.missing.join(', ')}`, PAGE_WIDTH, '  '));
  if (status.length > 0) lines.push('', 'STATUS', '', ...status);
  return lines;
}

const STATUS = { home: 'Home System', production: 'Production', colony: 'Colony' } as const;

/** "1st", "2nd", "3rd", "11th", "98th". */
function ordinal(n: number): string {
  const teen = Math.floor(n / 10) % 10 === 1;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** `1,250`. */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** §8.1 point 3: the status line (GT-2), the home's lines, imports, dry dock, visitors, then the ships. */
function systemLines(v: PlayerView, x: SystemView): string[] {
  const producing = x.status !== 'colony';
  const stock = producing ? `, ${x.pi} PI, ${x.missiles} M` : x.missiles > 0 ? `, ${x.missiles} M` : '';
  const alarms = `${x.beingDestroyed ? ' Being Destroyed!' : ''}${x.underAttack ? ' Under Attack!' : ''}`;
  const name = printable(x.name ?? 'Unnamed Star System');
  const lines = [
    '',
    ...wrapText(
      `${formatLoc(x.loc)} ${name} ${x.pv}(${x.output}) PV${stock} ${STATUS[x.status]}${alarms}`,
      PAGE_WIDTH,
      '      ',
    ),
  ];
  if (x.status === 'home' && v.me.valuation !== null)
    lines.push(`Empire Valuation: ${ordinal(v.me.valuation)} percentile`);
  if (x.status === 'home' && v.me.research > 0)
    lines.push(`Research: ${thousands(v.me.research)} PI expended, Current Tech Level is ${v.me.tl}`);
  if (x.imports > 0) lines.push(`Imports: ${x.imports} PV en route`);
  // §8.1: only ships of more than one fortnight's delay are listed (GT-24).
  v.docks
    .filter((d) => d.loc === x.loc && d.delay > 1)
    .forEach((d, i) => {
      const percent = Math.floor((100 * d.elapsed) / d.delay);
      const text = `${d.id} ${d.code} ${printable(d.name)} due ${d.due} Tech ${d.tl}, ${percent}% complete`;
      lines.push(`${i === 0 ? 'Dry dock:' : '         '} ${text}`);
    });
  for (const s of x.sightings)
    lines.push(`Enemy ships: ${s.ships}, total SSD ${s.ssd}, largest SSD ${s.largest}`);
  return [...lines, ...shipsAt(v, x.loc)];
}

/** §8.1 point 4: own ships elsewhere, by square, each square described as far as they can tell. */
function placeLines(v: PlayerView, p: PlaceView): string[] {
  const pv = p.pv === null ? '' : `, base PV ${p.pv}`;
  const what = {
    'deep space': 'Deep Space',
    star: 'Star System',
    uncolonized: p.pv === null ? 'Uncharted Star System' : 'Uncolonized Star System',
    foreign: `Star System of ${empire(p.owner ?? UNKNOWN)}`,
  }[p.kind];
  const missiles = p.missiles > 0 ? `, ${p.missiles} M` : '';
  return ['', ...wrapText(`${formatLoc(p.loc)} ${printable(what)}${pv}${missiles}`), ...shipsAt(v, p.loc)];
}

/** The fleets at a square: each main flagship with what is below it. */
function shipsAt(v: PlayerView, loc: Loc): string[] {
  const here = v.ships.filter((x) => x.loc === loc);
  // The SSD column starts where the longest head (indent, id, code, name, rating) of a ship listed
  // on a line of its own ends: an identical joined ship is listed by id only.
  const listed = here.filter((x) => {
    const flag = x.parent === null ? undefined : here.find((y) => y.id === x.parent);
    return !flag || !identical(v, x, flag);
  });
  const column = Math.max(...listed.map((x) => shipHead(v, x, depthOf(v, x)).length));
  return here
    .filter((x) => x.parent === null && x.carrier === null)
    .flatMap((x) => shipBlock(v, x, 1, column));
}

/** How far in a ship is listed: 1 for a main flagship, one more for each ship it is under. */
function depthOf(v: PlayerView, x: ShipView): number {
  const above = x.parent ?? x.carrier;
  const up = above === null ? undefined : v.ships.find((y) => y.id === above);
  return up ? depthOf(v, up) + 1 : 1;
}

/** A ship's line up to its SSD: indent, id, code, name and current rating with its `(n)` and `@t`. */
function shipHead(v: PlayerView, x: ShipView, depth: number): string {
  const rating = formatRating(x.intact, {
    missiles: x.missiles,
    ...(x.tl < v.me.tl ? { tl: x.tl } : {}),
  });
  return `${'  '.repeat(depth)}${String(x.id).padEnd(5)} ${x.code.padEnd(4)} ${printable(x.name).padEnd(15)} ${rating.padEnd(14)}`;
}

const same = <T extends object>(a: T, b: T) => (Object.keys(a) as (keyof T)[]).every((k) => a[k] === b[k]);

/** A joined ship the book lists by id only: as its flagship, and nothing below it (§8.1). */
const identical = (v: PlayerView, x: ShipView, flag: ShipView) =>
  x.design === flag.design &&
  x.tl === flag.tl &&
  x.missiles === flag.missiles &&
  same(x.intact, flag.intact) &&
  same(x.cargo, flag.cargo) &&
  x.controls === null &&
  !v.ships.some((y) => y.parent === x.id || y.carrier === x.id);

/**
 * A ship's lines (§8.1): id, code, name, current rating with its `(n)` and `@t`, SSD and order; then
 * hangar, cargo, shuttle, controls and (for a main flagship) the fleet's refit/repair/reload costs; then
 * its hangared ships and the ships joined to it, one level further in.
 */
function shipBlock(v: PlayerView, x: ShipView, depth: number, column: number): string[] {
  const indent = '  '.repeat(depth);
  const under = `${indent}      `;
  const head = `${shipHead(v, x, depth).padEnd(column)} SSD ${String(x.ssd).padStart(2)}  ${orderText(x.order)}`;
  const lines = wrapText(head, PAGE_WIDTH, under);
  const hangared = v.ships.filter((y) => y.carrier === x.id);
  const sub: string[] = [];
  if (x.rating.h > 0)
    sub.push(
      `Hangar: ${x.intact.h} bays${hangared.length > 0 ? `, ${hangared.map((y) => y.id).join(' ')}` : ''}`,
    );
  const { pi, pv, missiles } = x.cargo;
  if (pi + pv + missiles > 0)
    sub.push(`Cargo: ${x.intact.c} bays, ${amounts([pi, 'PI'], [pv, 'PV'], [missiles, 'M'])}`);
  if (x.order.kind === 'SHUTTLE')
    sub.push(
      `Shuttle: ${x.order.stops.map(formatLoc).join(' ')}, next stop ${formatLoc(x.order.stops[x.order.next])}`,
    );
  if (x.controls) {
    const { drone, p, t, minSSD } = x.controls;
    sub.push(
      `${x.order.kind === 'DEFEND' ? 'STANDING' : 'COMBAT'}: drones ${drone}, P-types ${p}, T-types ${t}, min SSD ${minSSD}`,
    );
  }
  if (x.parent === null && x.carrier === null) {
    const costs = fleetCosts(v, x);
    if (costs !== '') sub.push(costs);
  }
  for (const s of sub) lines.push(...wrapText(under + s, PAGE_WIDTH, under));
  const joined = v.ships.filter((y) => y.parent === x.id);
  const alike = joined.filter((y) => identical(v, y, x));
  for (const y of hangared) lines.push(...shipBlock(v, y, depth + 1, column));
  if (alike.length > 0)
    lines.push(...wrapText(`${indent}  Joined: ${alike.map((y) => y.id).join(' ')}`, PAGE_WIDTH, under));
  for (const y of joined) if (!alike.includes(y)) lines.push(...shipBlock(v, y, depth + 1, column));
  return lines;
}

/** `10 PI, 5 M`: the non-zero amounts. */
const amounts = (...items: [number, string][]) =>
  items
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(', ');

/** §8.1: what REFIT, REPAIR and RELOAD would cost the fleet under `root` (§6.8), when anything. */
function fleetCosts(v: PlayerView, root: ShipView): string {
  const fleet = [root];
  for (let i = 0; i < fleet.length; i++)
    fleet.push(...v.ships.filter((y) => y.parent === fleet[i].id || y.carrier === fleet[i].id));
  let refit = 0;
  let repair = 0;
  let reload = 0;
  for (const x of fleet) {
    refit += x.designSsd * Math.max(0, v.me.tl - x.tl);
    repair += x.designSsd - x.ssd;
    reload += x.intact.r - x.missiles;
  }
  const parts = [
    [refit, 'Refit', 'PI'],
    [repair, 'Repair', 'PI'],
    [reload, 'Reload', 'M'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, what, unit]) => `${what} ${n} ${unit}`)
    .join(', ');
}

const stepsDone = (n: number) => (n === 0 ? '' : `, ${n} step${n === 1 ? '' : 's'} done`);

/** A standing order as the report shows it, in the action's own words. */
function orderText(o: StandingOrder): string {
  switch (o.kind) {
    case 'NONE':
    case 'DEFEND':
    case 'PATROL':
      return o.kind;
    case 'TO':
    case 'CHART':
    case 'SECURE':
      return `${o.kind} ${formatLoc(o.target)}`;
    case 'ATTACK':
      return `ATTACK ${formatLoc(o.target)}${o.maxSSD > 0 ? ` ${o.maxSSD}` : ''}`;
    case 'COLONIZE':
    case 'DEVELOP':
      return `${o.kind} ${formatLoc(o.target)}${o.name ? ` ${printable(o.name)}` : ''}${stepsDone(o.steps)}`;
    case 'DESTROY':
      return `DESTROY ${formatLoc(o.target)}${stepsDone(o.steps)}`;
    case 'SCOUT':
    case 'SENTRY': {
      const next = o.stops.length > 1 ? `, next stop ${formatLoc(o.stops[o.next])}` : '';
      return `${o.kind} ${o.stops.map(formatLoc).join(' ')}${next}`;
    }
    case 'SHUTTLE':
      return 'SHUTTLE';
    case 'TOW':
      return `TOW ${o.tower} ${o.towed} ${formatLoc(o.target)}`;
  }
}

/** §8.3 scout reports: what an undetected scout saw before combat, or an escaped scout's estimate. */
function scouting(v: PlayerView): string[] {
  if (v.scouts.length === 0) return [];
  const where = (owner: string) =>
    owner === 'deep space'
      ? 'deep space'
      : owner === 'uncolonized'
        ? 'uncolonized star'
        : `system of ${empire(owner)}`;
  const seen = (r: ScoutView) =>
    r.estimate
      ? `caught, escaped; enemy total SSD about ${r.ssd}`
      : r.ships === 0
        ? 'no enemy ships'
        : `${r.ships} enemy ship${r.ships === 1 ? '' : 's'}, total SSD ${r.ssd}, largest SSD ${r.largest}`;
  return [
    '',
    'SCOUT REPORTS',
    '',
    ...v.scouts.flatMap((r) =>
      wrapText(`Scout ${r.ship} at ${formatLoc(r.loc)}, ${where(r.owner)}: ${seen(r)}`, PAGE_WIDTH, '  '),
    ),
  ];
}

/** §8.3 encounters (cease fire): who was met, and each one's ships there. */
function encounters(v: PlayerView): string[] {
  return v.encounters.flatMap((e) =>
    table(
      `ENCOUNTER at ${formatLoc(e.loc)}: cease fire`,
      [{ head: 'Empire' }, { head: 'Ships' }, { head: 'Total SSD' }],
      e.sides.map((side) => [printable(side.empire), side.ships, side.ssd]),
    ),
  );
}

/** Own ships first, then each other empire's, by name; by id within an empire. */
const combatOrder = (a: CombatView['ships'][number], b: CombatView['ships'][number]) =>
  Number(b.own) - Number(a.own) || (a.empire < b.empire ? -1 : a.empire > b.empire ? 1 : a.id - b.id);

/** §7.7 combat reports: every participant before and after, or the round it was lost in. */
function combats(v: PlayerView): string[] {
  const columns = ['Empire', 'Ship', 'Code', 'Before', 'SSD', 'After', 'SSD'].map((head) => ({ head }));
  return v.combats.flatMap((c) =>
    ratingTable(
      `COMBAT REPORT at ${formatLoc(c.loc)}, ${c.rounds} round${c.rounds === 1 ? '' : 's'}`,
      columns,
      [...c.ships]
        .sort(combatOrder)
        .map((x) => [
          printable(x.empire),
          x.id,
          x.code,
          formatRating(x.before),
          x.ssd,
          x.after ? formatRating(x.after) : `lost in round ${x.lost}`,
          x.after && ssd(x.after),
        ]),
      [3, 5],
    ),
  );
}

/** A rating longer than this is cut in two where a table with it does not fit the page. */
const LONG_RATING = 16;

/**
 * `table` of rows with ratings in the columns `ratings`. When it does not fit a row a line, each long
 * rating is printed on two lines, cut after a "/" (the table's own wrapping cuts anywhere, and the
 * first piece of a rating cut anywhere reads as a whole rating).
 */
function ratingTable(title: string, columns: Column[], rows: Cell[][], ratings: number[]): string[] {
  const lines = table(title, columns, rows);
  // A table fits a row a line when it is its title, heads and rows: ['', title, '', heads, ...rows].
  if (lines.length === rows.length + 4) return lines;
  return table(
    title,
    columns,
    rows.flatMap((row) => {
      const cut = ratings.filter((i) => String(row[i]).length > LONG_RATING);
      if (cut.length === 0) return [row];
      const [first, more] = [[...row], row.map((): Cell => '')];
      for (const i of cut) [first[i], more[i]] = halves(String(row[i]));
      return [first, more];
    }),
  );
}

/** A rating `weapons/middle/drives` in two pieces cut after a "/", the longer piece as short as can be. */
function halves(rating: string): [string, string] {
  const first = rating.indexOf('/') + 1;
  const second = rating.indexOf('/', first) + 1;
  const at =
    Math.max(first, rating.length - first) <= Math.max(second, rating.length - second) ? first : second;
  return [rating.slice(0, at), rating.slice(at)];
}

const SORTS: Record<
  News['shipyards'][number],
  (a: PlayerView['designs'][number], b: PlayerView['designs'][number]) => number
> = {
  'SSD+': (a, b) => a.ssd - b.ssd,
  'SSD-': (a, b) => b.ssd - a.ssd,
  NAME: (a, b) => {
    const [x, y] = [a.name.toUpperCase(), b.name.toUpperCase()];
    return x < y ? -1 : x > y ? 1 : 0;
  },
  CODE: (a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
};

/**
 * §8.2 shipyard report (GT-25): the TL's design limits (drive rows in pairs side by side, as the book), the
 * largest hangar-able ship (where Small ends: the 24/16 row, §6.5), the most P-types, the ships in
 * service, then every design sorted as asked, ties by design number (§4.4).
 */
function shipyard(v: PlayerView, sort: News['shipyards'][number]): string[] {
  const tl = v.me.tl - 1;
  const limits = DRIVE_ROWS.map((row, i) => [
    i === 0 ? 1 : DRIVE_ROWS[i - 1].upTo[tl] + 1,
    row.upTo[tl],
    row.star,
    row.inertia,
  ]);
  // A two-column table has its first half of rows left: the book pairs each row with the next.
  const paired = [...limits.filter((_, i) => i % 2 === 0), ...limits.filter((_, i) => i % 2 === 1)];
  const designs = [...v.designs].sort((a, b) => SORTS[sort](a, b) || a.number - b.number);
  const columns = ['#', 'Code', 'Classification', 'Ship Rating', 'SSD', 'Cost', 'Delay', 'Built', 'Active'];
  return [
    '',
    header(v, 'SHIPYARD REPORT'),
    ...table(
      `Ship design limitations at Tech Level ${v.me.tl}`,
      [{ head: 'Min SSD' }, { head: 'Max SSD' }, { head: 'Star' }, { head: 'Inertia' }],
      paired,
      PAGE_WIDTH,
      true,
    ),
    '',
    `Maximum ship size for hangar bay: ${DRIVE_ROWS[1].upTo[tl]}`,
    `Maximum P-types allowed per ship: ${maxP(v.me.tl)}`,
    `Total number of ships in empire: ${v.ships.length}`,
    ...ratingTable(
      `Current ship designs of your empire (${sort})`,
      columns.map((head) => ({ head })),
      designs.map((d) => [
        d.number,
        d.code,
        printable(d.name),
        formatRating(d.rating),
        d.ssd,
        d.cost,
        d.delay,
        d.built,
        d.active,
      ]),
      [3],
    ),
  ];
}

/** A map's window: `size` squares across and down from (y0, x0). */
interface Window {
  title: string;
  y0: number;
  x0: number;
  height: number;
  width: number;
}

/** A QUAD or PV window (§4.4 MAP): 50 × 50 squares centred on `center`, kept inside the galaxy. */
const around = (title: string, center: Loc): Window => {
  const fit = (n: number) => Math.min(50, Math.max(0, n - 25));
  return {
    title: `${title} centred on ${formatLoc(center)}`,
    y0: fit(rowOf(center)),
    x0: fit(columnOf(center)),
    height: 50,
    width: 50,
  };
};

/**
 * §8.2 maps. The page has 80 columns and the galaxy 100: a WHOLE map is printed as two halves of 50
 * columns (west, then east), one character a square so that every star's square can be read off the
 * rulers exactly (no two stars are ever adjacent, §3, so one character never crowds). `MAP QUAD QUAD`
 * (two QUAD maps on the home) is the book's four quadrants covering the galaxy.
 */
function maps(v: PlayerView): string[] {
  const quads = v.maps.filter((m) => m.type === 'QUAD' && m.center === null).length >= 2;
  const windows: { pv: boolean; w: Window }[] = [];
  if (quads)
    for (const [y0, x0, name] of [
      [0, 0, 'north-west'],
      [0, 50, 'north-east'],
      [50, 0, 'south-west'],
      [50, 50, 'south-east'],
    ] as const)
      windows.push({ pv: false, w: { title: `QUAD MAP, ${name} quadrant`, y0, x0, height: 50, width: 50 } });
  for (const m of v.maps) {
    if (m.type === 'WHOLE')
      for (const [x0, half] of [
        [0, 'west'],
        [50, 'east'],
      ] as const)
        windows.push({
          pv: false,
          w: { title: `GALAXY MAP, ${half} half`, y0: 0, x0, height: 100, width: 50 },
        });
    else if (!(quads && m.type === 'QUAD' && m.center === null))
      windows.push({ pv: m.type === 'PV', w: around(`${m.type} MAP`, m.center ?? v.me.home) });
  }
  if (windows.length === 0) return [];
  const stars = new Map(v.stars.map((s) => [s.loc, s]));
  const fleets = new Set(v.ships.map((x) => x.loc));
  return windows.flatMap(({ pv, w }) => drawMap(v, w, pv, stars, fleets));
}

const OWN = { home: 'H', production: 'P', colony: 'C' } as const;

function drawMap(
  v: PlayerView,
  w: Window,
  pv: boolean,
  stars: Map<Loc, StarView>,
  fleets: Set<Loc>,
): string[] {
  const columns = Array.from({ length: w.width }, (_, i) => w.x0 + i);
  const ruler = [
    `   ${columns.map((x) => (x % 10 === 0 ? String(Math.floor(x / 10)) : ' ')).join('')}`.trimEnd(),
    `   ${columns.map((x) => String(x % 10)).join('')}`,
  ];
  const cell = (y: number, x: number): string => {
    const loc = locOf(y, x);
    const star = stars.get(loc);
    if (star)
      return !pv && star.own
        ? OWN[star.own]
        : star.pv === null
          ? '*'
          : star.pv === 10
            ? 'X'
            : String(star.pv);
    if (fleets.has(loc)) return '+';
    return x % 5 === 0 && y % 5 === 0 ? '.' : ' ';
  };
  const label = (y: number) => String(y).padStart(2, '0');
  const rows = Array.from({ length: w.height }, (_, i) => {
    const y = w.y0 + i;
    return `${label(y)} ${columns.map((x) => cell(y, x)).join('')} ${label(y)}`;
  });
  const legend = pv
    ? '1-9 base PV of a charted star (X: 10), * uncharted star'
    : 'H home, P production, C colony, 1-9 base PV of another charted star (X: 10), * uncharted star';
  const to = `${formatLoc(locOf(w.y0, w.x0))} to ${formatLoc(locOf(w.y0 + w.height - 1, w.x0 + w.width - 1))}`;
  return [
    '',
    header(v, `${w.title}, ${to}`),
    '',
    ...ruler,
    ...rows,
    ...ruler,
    '',
    ...wrapText(`${legend}, + own ships in deep space, . every fifth square`, PAGE_WIDTH, '  '),
  ];
}
