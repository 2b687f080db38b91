import type { Notice, Report } from '@warpgate/engine';
import { PAGE_WIDTH, printable, table, wrapText, type Cell } from '../printout';
import {
  IND,
  PRE,
  TECH_TRACKS,
  type Cargo,
  type Craft,
  type Doctrine,
  type DoctrinePatch,
  type NewsItem,
  type SfState,
  plural,
} from './state';
import {
  view,
  type BodyView,
  type PlayerView,
  type SightingView,
  type SystemView,
  type TaskForceView,
  type UnitView,
} from './view';

/**
 * The monthly printout (digest §8.1, §8.2), made from the player's view only: the referee's letter of
 * the book, as a page of tables. Status and technology first, then what happened in the month (order
 * results, battles week by week, news, surveys, diplomacy), then what the empire holds and knows.
 */

export function renderReport(v: PlayerView): Report<PlayerView> {
  const lines = [
    spread('SPACE FARCE EMPIRE REPORT', `Year ${v.year}, month ${v.monthOfYear}`),
    spread(`Empire ${printable(v.me.name)}`, `Orders for month ${v.month}`),
    ...outcome(v),
    ...status(v),
    ...technology(v),
    ...orderResults(v),
    ...battles(v),
    ...news(v),
    ...surveys(v),
    ...diplomacy(v),
    ...colonies(v),
    ...v.systems.flatMap(systemLines),
    ...designs(v),
    ...v.taskForces.flatMap(taskForceLines),
    ...bases(v),
    ...construction(v),
    ...sightings(v),
    ...revealed(v),
  ];
  const notices: Notice[] = [
    ...v.battles.map((b): Notice => ({ kind: 'combat', text: `Battle at ${b.area} in week ${b.week}` })),
    ...v.news
      .filter((n) => n.kind === 'contact' || n.kind === 'npr')
      .map((n): Notice => ({ kind: 'contact', text: n.text })),
    ...v.news.filter((n) => n.kind === 'survey').map((n): Notice => ({ kind: 'news', text: n.text })),
  ];
  if (v.ended) notices.push({ kind: 'news', text: 'The game is over' });
  return { turn: v.month, data: v, text: lines.join('\n') + '\n', notices };
}

/** `left` and `right` on one line, `right` ending at the page's edge. */
const spread = (left: string, right: string) =>
  left + ' '.repeat(Math.max(2, PAGE_WIDTH - left.length - right.length)) + right;

const heading = (title: string) => ['', title, ''];
/** Lines of text wrapped to the page, continuation lines indented. */
const para = (text: string, indent = '    ') => wrapText(printable(text), PAGE_WIDTH, indent);
/** `Label:   value`, the values of a block aligned. */
const FIELD = 18;
const field = (label: string, value: string) =>
  wrapText(`${`${label}:`.padEnd(FIELD)}${printable(value)}`, PAGE_WIDTH, ' '.repeat(FIELD));
const list = (items: string[], none = 'none') => (items.length > 0 ? items.join(', ') : none);

/** A tech level as the book's table names it: PRE, IND, 0..5. */
const level = (n: number) => (n <= PRE ? 'PRE' : n === IND ? 'IND' : String(n));

function outcome(v: PlayerView): string[] {
  const lines: string[] = [];
  if (v.me.eliminated !== null) lines.push('', `Your empire was eliminated in month ${v.me.eliminated}.`);
  if (v.winners) lines.push('', ...para(`The game is over. Won by ${list(v.winners)}.`, ''));
  if (v.standings)
    lines.push(
      ...table(
        'FINAL STANDINGS',
        [{ head: 'Rank' }, { head: 'Empire' }, { head: 'Score' }],
        v.standings.map((r) => [r.rank, printable(r.name) + (r.winner ? ' (winner)' : ''), r.score]),
      ),
    );
  return lines;
}

/**
 * Standing orders in words (§4.3): the empire default says which of the yes/no orders are on; a TF's
 * changes say each one it sets, on or off.
 */
function doctrineText(d: DoctrinePatch, patch: boolean): string {
  const parts: string[] = [];
  if (d.roe) parts.push(d.roe);
  if (d.target) parts.push(`target ${list(d.target)}`);
  if (d.withdrawAt !== undefined)
    parts.push(d.withdrawAt >= 100 ? 'never withdraw' : `withdraw at ${d.withdrawAt}% losses`);
  if (d.pursue !== undefined) parts.push(d.pursue ? 'pursue' : 'no pursuit');
  const flags: [keyof Doctrine, string][] = [
    ['attackPlanet', 'attack planets'],
    ['bombard', 'bombard'],
    ['landPCF', 'land PCF'],
    ['destroyPopulation', 'destroy population'],
  ];
  for (const [key, text] of flags)
    if (d[key] === true || (patch && d[key] === false)) parts.push(d[key] ? text : `no ${text}`);
  if (d.retreatTo) parts.push(`retreat to ${d.retreatTo}`);
  for (const p of d.protect ?? []) parts.push(`${p.ship} protected by ${p.by.join(' ')}`);
  for (const e of d.escort ?? []) parts.push(`${e.escort} escorts ${e.charge}`);
  for (const [craft, rule] of Object.entries(d.smallcraft ?? {})) parts.push(`${craft} at ${rule}`);
  return list(parts, 'as the empire default');
}

function status(v: PlayerView): string[] {
  const m = v.me;
  const r = m.revenue;
  const lines = [
    ...heading('EMPIRE STATUS'),
    ...field('Treasury', `${m.treasury} EP`),
    ...field('MP pool', `${m.mpPool} MP`),
    ...field(
      'Revenue',
      `${r.areas + r.captured + r.trade} EP due this month (areas ${r.areas}, captured ${r.captured}, trade ${r.trade})`,
    ),
  ];
  if (r.local > 0) lines.push(...field('Blockaded', `${r.local} EP into the blockaded areas' own pools`));
  lines.push(
    ...field('Economy', `${m.totalEp} current EP in all your areas`),
    ...field('Maintenance', `${m.maintenance} MP a month, paid in order ${m.maintenanceOrder.join(', ')}`),
    ...outOfSupply(v),
    ...field('Racial outlook', `${m.ro}`),
    ...field('Doctrine', doctrineText(m.doctrine, false)),
    ...field(
      'Planets',
      `${m.planetDoctrine.callMilitia ? 'call the militia' : 'no militia'}${m.planetDoctrine.callMilitia ? (m.planetDoctrine.militiaFirst ? ', militia first' : ', PCF first') : ''}`,
    ),
  );
  for (const [design, order] of Object.entries(m.damagePriority))
    lines.push(...field('Damage order', `${design === 'default' ? 'default' : design}: ${order.join(' ')}`));
  if (m.infrastructure > 0)
    lines.push(
      '',
      ...para(
        `Starting infrastructure: ${m.infrastructure} BP to place this month with SETUP lines at areas of ` +
          `your home system (${m.home}); without them the default package below stands.`,
        '',
      ),
    );
  return lines;
}

/**
 * §6.2: the TFs whose upkeep only their own cargo can pay, so a player sees why they may lose
 * systems while the treasury is full.
 */
function outOfSupply(v: PlayerView): string[] {
  const away = v.taskForces.filter((t) => t.outOfSupply !== null);
  if (away.length === 0) return [];
  return field(
    'Out of supply',
    away
      .map((t) => {
        const o = t.outOfSupply as NonNullable<TaskForceView['outOfSupply']>;
        const at = t.area === null ? 'under way' : `at ${t.area}`;
        return `${t.name} ${at}, ${o.carried} MP carried for ${o.due} MP due`;
      })
      .join('; '),
  );
}

function technology(v: PlayerView): string[] {
  const m = v.me;
  return [
    ...table(
      'TECHNOLOGY',
      TECH_TRACKS.map((head) => ({ head, align: 'right' as const })),
      [TECH_TRACKS.map((t) => level(m.tech[t]))],
    ),
    '',
    ...field('Research points', `${m.rp} RP banked`),
    ...field('Research queue', list(m.researchQueue)),
    ...field(
      'Research cap',
      `${m.researchCap} EP a month${m.metHigherTech ? ' (a higher technology has been met)' : ''}`,
    ),
  ];
}

const weekOf = (week: number | null) => (week === null ? '' : `week ${week}: `);

/**
 * One line per order result, by line number (so it reads beside the orders as written; results of
 * no line last), each `line N[, week W]: ORDER — outcome`, the week where a weekly order ran. The
 * sort is stable: a line's results stay in the order they happened.
 */
function orderResults(v: PlayerView): string[] {
  const items = v.news
    .filter((n) => n.kind === 'order')
    .sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  if (items.length === 0) return [];
  const head = (n: NewsItem) =>
    [n.line === null ? '' : `line ${n.line}`, n.week === null ? '' : `week ${n.week}`]
      .filter(Boolean)
      .join(', ');
  return [
    ...heading('ORDER RESULTS'),
    ...items.flatMap((n) => para(head(n) ? `${head(n)}: ${n.text}` : n.text)),
  ];
}

/** §8.2 combat reports, week by week: the account of each battle the empire took part in. */
function battles(v: PlayerView): string[] {
  if (v.battles.length === 0) return [];
  const sorted = [...v.battles].sort((a, b) => a.week - b.week);
  return [
    ...heading('BATTLE REPORTS'),
    ...sorted.flatMap((b, i) => [
      ...(i > 0 ? [''] : []),
      ...b.lines.flatMap((l, k) => (k === 0 ? para(l) : para(`  ${l}`, '      '))),
    ]),
  ];
}

/** Everything else the month told the empire (§8.2), in the order it happened. */
function news(v: PlayerView): string[] {
  const items = v.news.filter((n) => n.kind !== 'order');
  if (items.length === 0) return [];
  return [...heading('NEWS OF THE MONTH'), ...items.flatMap((n) => para(`${weekOf(n.week)}${n.text}`))];
}

function surveys(v: PlayerView): string[] {
  const working = v.taskForces.filter((t) => t.survey !== null);
  if (working.length === 0) return [];
  return [
    ...heading('SURVEYS UNDER WAY'),
    ...working.flatMap((t) => {
      const s = t.survey as NonNullable<TaskForceView['survey']>;
      return para(`${t.name} surveys system ${s.system}: ${plural(s.weeks, 'full week')} done`);
    }),
  ];
}

function diplomacy(v: PlayerView): string[] {
  const rows = v.empires.map((e): Cell[] => [
    printable(e.name),
    e.kind === 'npr' ? 'non-player race' : 'player',
    e.met ? (e.relation ?? 'none') : 'not met',
    e.since,
    e.market &&
      ([e.market.mine ? 'you' : '', e.market.theirs ? 'they' : ''].filter(Boolean).join(', ') || 'none'),
  ]);
  const lines = table(
    'DIPLOMACY',
    [
      { head: 'Empire' },
      { head: 'Kind' },
      { head: 'Relation' },
      { head: 'Since month' },
      { head: 'Market paid' },
    ],
    rows,
  );
  for (const p of v.proposals)
    lines.push(
      ...para(
        p.from === v.me.name
          ? `You proposed ${p.treaty} to ${p.to} in month ${p.month}.`
          : `${p.from} proposed ${p.treaty} in month ${p.month}: ACCEPT to agree.`,
        '  ',
      ),
    );
  return lines;
}

const CRAFT_KINDS = ['F', 'B', 'R', 'Sh', 'As'] as const;
const craftText = (c: Craft) =>
  CRAFT_KINDS.filter((k) => c[k] > 0)
    .map((k) => `${c[k]} ${k}`)
    .join(', ');

function cargoText(c: Cargo | null): string {
  if (!c) return '';
  const parts: string[] = [];
  if (c.mp > 0) parts.push(`${c.mp} MP`);
  if (c.bp > 0) parts.push(`${c.bp} BP`);
  if (c.pcf) parts.push(`${c.pcf.count} PCF`);
  if (c.colonists > 0) parts.push(`${c.colonists} colonist EP`);
  if (c.trade > 0) parts.push(`${c.trade} trade EP`);
  if (c.mines.beam > 0) parts.push(`${c.mines.beam} O mines`);
  if (c.mines.missile > 0) parts.push(`${c.mines.missile} /\\ mines`);
  const craft = craftText(c.craft);
  if (craft) parts.push(`${craft} packed`);
  return parts.join(', ');
}

/** What a unit carries: cargo and, in its bays, small craft. */
const loadText = (u: UnitView) =>
  [cargoText(u.cargo), craftText(u.craft) && `bays ${craftText(u.craft)}`].filter(Boolean).join('; ') || null;

const damageText = (u: UnitView) => (u.destroyed.length > 0 ? u.destroyed.join(' ') : null);

function colonies(v: PlayerView): string[] {
  return table(
    'COLONIES',
    [
      { head: 'Area' },
      { head: 'EP now' },
      { head: 'EP max' },
      { head: 'Potential' },
      { head: 'Ground base' },
      { head: 'PCF' },
      { head: 'Notes' },
    ],
    v.colonies.map((c) => {
      const notes: string[] = [];
      if (c.capturedFrom) notes.push(`captured from ${c.capturedFrom}`);
      if (c.lostTo) notes.push(`held by ${c.lostTo}`);
      if (c.blockaded) notes.push(`blockaded, ${c.localEp} EP in its own pool`);
      if (c.strips > 0) notes.push(`stripped ${plural(c.strips, 'time')} this year`);
      for (const f of c.foreign) notes.push(`${f.count} PCF of ${f.owner}`);
      const mines = minesText(v, c.area);
      if (mines) notes.push(`protected by mines ${mines}`);
      const gb = c.groundBase;
      return [
        c.area,
        c.lostTo ? null : c.currentEp,
        c.lostTo ? null : c.maxEp,
        c.potential,
        gb ? `${gb.design}${gb.destroyed.length > 0 ? ` (lost ${gb.destroyed.join(' ')})` : ''}` : null,
        c.garrison ? `${c.garrison.count} ${c.garrison.crew}` : null,
        notes.join('; ') || null,
      ];
    }),
  );
}

const asOf = (b: BodyView) => (b.asOf === null ? (b.owner === null ? null : 'now') : `month ${b.asOf}`);

const wpName = (to: number) => `WP${String(to).padStart(2, '0')}`;

/**
 * A known system: its stars and bodies once visited, what a survey showed and when, its known WP ends;
 * one not visited, only which known WP ends lead there.
 */
function systemLines(x: SystemView, _: number, all: SystemView[]): string[] {
  if (!x.visited) {
    const from = all.flatMap((o) => o.wps.filter((w) => w.to === x.id).map((w) => w.area));
    return [
      '',
      ...para(`System ${x.id}: not visited; reached by ${list(from, 'no known warp point')}.`, '  '),
    ];
  }
  const what = x.kind === 'nexus' ? 'nexus' : `${x.kind}, ${list(x.stars ?? [])}`;
  const survey = x.surveyed === null ? 'not surveyed' : `surveyed in month ${x.surveyed}`;
  const wps = `known warp points ${list(x.wps.map((w) => wpName(w.to)))}`;
  const sensors =
    x.watched === 'system'
      ? ', in sensor range'
      : x.watched.length > 0
        ? `, ${list(x.watched)} in sensor range`
        : '';
  const title = `System ${x.id} (${what}): ${survey}${sensors}; ${wps}`;
  if (x.bodies.length === 0) return ['', ...para(title, '  ')];
  const [first, ...rest] = para(title, '  ');
  const lines = table(
    first,
    [
      { head: 'Area' },
      { head: 'Moons' },
      { head: 'Potential' },
      { head: 'Owner' },
      { head: 'EP' },
      { head: 'As of' },
    ],
    x.bodies.map((b) => [b.area, b.moons, b.potential, b.owner && printable(b.owner), b.currentEp, asOf(b)]),
  );
  // The title's continuation lines follow it, before the table's heads.
  lines.splice(2, 0, ...rest);
  return lines;
}

function designs(v: PlayerView): string[] {
  const KIND = { ship: 'ship', base: 'space base', groundBase: 'ground base' } as const;
  return table(
    'SHIP DESIGNS',
    [
      { head: 'Class' },
      { head: 'Kind' },
      { head: 'Statistics' },
      { head: 'Cost BP' },
      { head: 'Maint MP' },
      { head: 'In service' },
      { head: 'Building' },
    ],
    v.designs.map((d) => [d.cls, KIND[d.kind], d.design, d.size, d.maintenance, d.inService, d.building]),
  );
}

const unitColumns = [
  { head: 'Name' },
  { head: 'Statistics' },
  { head: 'Size' },
  { head: 'Maint' },
  { head: 'Crew' },
  { head: 'Destroyed' },
  { head: 'Carrying' },
];
/** §6.41 notation: the mines protecting a target, written before it (`OOOO  SAO/\\CE`); null: none. */
function minesText(v: PlayerView, target: string | null): string | null {
  const f = v.minefields.find((x) => x.protect === target);
  return f ? `${'O'.repeat(f.beam)}${'/\\'.repeat(f.missile)}` : null;
}

const unitRow = (u: UnitView, mines: string | null = null): Cell[] => [
  u.name,
  mines ? `${mines}  ${u.design}` : u.design,
  u.size,
  u.maintenance,
  u.crew,
  damageText(u),
  loadText(u),
];

function whereText(t: TaskForceView): string {
  const at = t.leg
    ? `under way from ${t.leg.from} to ${t.leg.to}, ${plural(t.leg.weeksLeft, 'week')} to go`
    : `at ${t.area ?? '-'}`;
  const route = t.route.length > 0 ? `, then ${t.route.join(' -> ')}` : t.leg ? '' : ', holding';
  return `${at}${route}`;
}

/** A task force (§2.1): where it is and goes, its standing orders, and its ships as the book's sample-ship table. */
function taskForceLines(t: TaskForceView): string[] {
  const lines = table(
    `TASK FORCE ${t.name}`,
    unitColumns,
    t.ships.map((u) => unitRow(u)),
  );
  const about = [
    whereText(t),
    ...(t.flagship ? [`flagship ${t.flagship}`] : []),
    ...(t.guard ? [`guarding ${t.guard}`] : []),
    ...(Object.keys(t.doctrine).length > 0 ? [`doctrine: ${doctrineText(t.doctrine, true)}`] : []),
  ];
  lines.splice(2, 0, ...para(about.join('; '), '    '));
  return lines;
}

function bases(v: PlayerView): string[] {
  return table(
    'SPACE BASES',
    [{ head: 'Area' }, ...unitColumns],
    v.bases.map((u) => [u.area, ...unitRow(u, minesText(v, u.name))]),
  );
}

function construction(v: PlayerView): string[] {
  return table(
    'CONSTRUCTION',
    [
      { head: 'Job' },
      { head: 'Builder' },
      { head: 'Item' },
      { head: 'Cost BP' },
      { head: 'Paid' },
      { head: 'Built' },
    ],
    v.jobs.map((j) => [j.id, j.builder, j.item, j.cost, j.paid, j.built]),
  );
}

/** §8.1: what was seen of others, `now` in the last week, else only last seen then. */
function unitsText(x: SightingView): string {
  if (x.units.length === 0) return 'a planet';
  return x.units
    .map((u) => {
      const what =
        u.kind === 'groundBase'
          ? `ground base of ${u.size}`
          : `${u.count} ${u.kind === 'base' ? 'base' : 'ship'}${u.count === 1 ? '' : 's'} of ${u.size}`;
      return u.group === null ? what : `${what} (group ${u.group})`;
    })
    .join(', ');
}

function sightings(v: PlayerView): string[] {
  return table(
    'FOREIGN UNITS SIGHTED',
    [{ head: 'Area' }, { head: 'Empire' }, { head: 'Seen' }, { head: 'Units (spaces each)' }],
    v.sightings.map((x) => [
      x.area,
      printable(x.owner),
      x.now ? 'now' : `month ${x.month} week ${x.week}`,
      unitsText(x),
    ]),
  );
}

function revealed(v: PlayerView): string[] {
  return table(
    'FOREIGN DESIGNS SEEN IN BATTLE',
    [{ head: 'Empire' }, { head: 'Ship' }, { head: 'Statistics' }, { head: 'Size' }],
    v.revealed.map((r) => [printable(r.owner), r.ship, r.design, r.size]),
  );
}

/**
 * The player's printout after the last resolution. None for a spectator's or an NPR's id, and none
 * after the month an empire was eliminated in (it gets that month's report).
 */
export function report(state: SfState, playerId: string): Report<PlayerView> | null {
  const e = state.empires.find((x) => x.id === playerId && x.kind === 'player');
  if (!e || (e.eliminated !== null && e.eliminated < state.month - 1)) return null;
  return renderReport(view(state, { role: 'player', playerId }) as PlayerView);
}
