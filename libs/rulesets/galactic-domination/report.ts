import type { Notice, Report } from '@warpgate/engine';
import {
  echo,
  PAGE_WIDTH,
  printable,
  table as printoutTable,
  wrapText,
  type Cell,
  type Column,
} from '../printout';
import { countsText } from './encounters';
import { unitList } from './evolve';
import { formatOrder } from './orders';
import { DEFAULT_EF } from './resolve';
import type { GdState, OrderResult, PlayerId } from './state';
import { RACES } from './tables';
import {
  playerView,
  type BattleView,
  type FleetView,
  type LocationView,
  type OfferView,
  type PlanetView,
  type PlayerView,
} from './view';

/**
 * The printout of a turn (digest §8.1, §8.3), from the player's view only: the Stimulus card, the
 * orders' outcomes, the turn's phases as they happened (movement by segment, encounters, battles
 * with their rounds and losses, VP, the Stellars in and out, cards played), then the board as the
 * player knows it (worlds, fleets, the hex map), their cards and the standings.
 */

/** The player's printout; null when they are not in the game. */
export function report(state: GdState, playerId: PlayerId): Report<PlayerView> | null {
  const v = playerView(state, playerId);
  return v && renderReport(v);
}

export function renderReport(v: PlayerView): Report<PlayerView> {
  const lines = [
    ...header(v),
    ...outcome(v),
    ...stimulus(v),
    ...firstOrders(v),
    ...orders(v),
    ...news(v),
    ...movement(v),
    ...encounters(v),
    ...battles(v),
    ...victoryPoints(v),
    ...stellars(v),
    ...cards(v),
    ...chitsAndOffers(v),
    ...discoveries(v),
    ...worlds(v),
    ...fleets(v),
    ...hexMap(v),
    ...standingsTable(v),
  ];
  return { turn: v.turn, data: v, text: lines.join('\n') + '\n', notices: notices(v) };
}

/**
 * §8.3 pushes: a battle one fought (combat); one's encounters and the cards others played (news);
 * contact (Decision: each other empire whose fleet the player saw this turn, once an empire).
 */
function notices(v: PlayerView): Notice[] {
  const out: Notice[] = [];
  for (const b of v.log.battles.filter((x) => x.mine))
    out.push({ kind: 'combat', text: `${capital(b.kind)} battle at ${b.loc}: ${battleResult(v, b)}` });
  for (const e of v.log.encounters.filter((x) => x.player === v.me.name))
    out.push({ kind: 'news', text: `Encounter at ${e.loc}: ${e.result}` });
  for (const p of v.log.played.filter((x) => x.player !== v.me.name))
    out.push({ kind: 'news', text: `${p.player} played ${p.card}` });
  const sighted = new Set<string>();
  for (const f of v.fleets)
    if (f.plan === null && f.units !== null && !sighted.has(f.owner)) {
      sighted.add(f.owner);
      out.push({ kind: 'contact', text: `You have sighted ${f.owner}'s ${f.id} at ${f.loc}` });
    }
  if (v.ended) out.push({ kind: 'news', text: 'The game is over' });
  return out;
}

/** `left` and `right` on one line, `right` ending at the page's edge. */
const spread = (left: string, right: string) =>
  left + ' '.repeat(Math.max(2, PAGE_WIDTH - left.length - right.length)) + right;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A section's head: a blank line, its title, a blank line. */
const section = (title: string, lines: string[]) => (lines.length === 0 ? [] : ['', title, '', ...lines]);

/**
 * A location's comma while a text is wrapped: wrapping breaks after a comma, and a location (`3,3`,
 * `-2,5`) must stay whole. A private-use character, one column wide like the comma; one already in a
 * text (unprintable anyway) becomes `?`. Unit lists (`MI3,8`) follow a letter: not locations.
 */
const HELD_COMMA = '\ue000';
const LOCATION = /(?<!\w)(\d+),(?=-?\d)/g;
const hold = (text: string) =>
  printable(text).replaceAll(HELD_COMMA, '?').replace(LOCATION, `$1${HELD_COMMA}`);
const release = (line: string) => line.replaceAll(HELD_COMMA, ',');

/** Lines of text wrapped to the page, locations kept whole, continuation lines indented. */
const para = (text: string, indent = '  ') => wrapText(hold(text), PAGE_WIDTH, indent).map(release);

/** The printout's table, its texts wrapped with their locations kept whole. */
const table = (title: string, columns: Column[], rows: Cell[][]) =>
  printoutTable(
    title,
    columns,
    rows.map((row) => row.map((c) => (typeof c === 'string' ? hold(c) : c))),
  ).map(release);

const me = (v: PlayerView) => v.players.find((p) => p.name === v.me.name) as PlayerView['players'][number];

function header(v: PlayerView): string[] {
  const you = me(v);
  const when = v.ended
    ? 'The game is over'
    : v.turn === 1
      ? 'The game begins: orders for turn 1'
      : `Turn ${v.turn - 1} resolved: orders for turn ${v.turn}`;
  return [
    spread('GALACTIC DOMINATION', `Turn ${v.turn} of ${v.turns}`),
    spread(`Empire ${printable(v.me.name)}, ${you.title}`, `Seat ${you.seat} of ${v.players.length}`),
    spread(when, `${you.vp} VP, $${v.me.cash} in hand${v.me.cp === undefined ? '' : `, ${v.me.cp} CP`}`),
  ];
}

/** The winners once the game is over (§9). */
function outcome(v: PlayerView): string[] {
  if (!v.winners) return [];
  const won = v.winners.length === 0 ? 'nobody' : v.winners.map(printable).join(', ');
  return ['', ...para(`The game is over. Won by ${won}.`)];
}

/** §6.11: what each known card does, as the printout explains it. */
const CARD_TEXT: Record<string, string> = {
  ECONOMIC_BOOM: '+$10 to every empire this turn',
  INTERLUDE: 'no Free or Neutral World may be occupied this turn',
  LIGHT_AGAINST_DARKNESS: 'each planet may have one GBDS more',
  UNNATURAL_DISASTER: 'five random planets pay no income this turn',
  SUPERIOR_MANEUVERS: '3 ships of a fleet: +1 Attack in one battle',
  INTERNAL_INTRIGUE: "an enemy fleet's units: -1 Attack this turn",
  BENEVOLENCE: '2 CA at your SY, 1 CA to an opponent',
  MILITARY_FLEXES_ITS_POWER: 'MI for every empire at its capital',
  PROTOTYPE_SUPER_BB: 'a free BBX at your capital or an SY',
  MASTER_THIEF: "take a card from an opponent's hand",
  COUNTER_AGENT: 'cancels a card marked <>',
  GALACTIC_SPIRIT: 'cancels the Stimulus card (marked <>)',
  SUPERWEAPON: 'under a planet: enemy units entering next to it die on d10 1-2',
  SPACE_DISCOVERY: 'place a special hex',
  DIPLOMATIC_SUCCESS: 'an encountered Neutral World turns Free',
};

const explained = (card: string) => (CARD_TEXT[card] ? `${card}: ${CARD_TEXT[card]}` : card);

function stimulus(v: PlayerView): string[] {
  if (!v.cards || v.ended || v.stimulus === null) return [];
  return ['', ...para(`Stimulus card of turn ${v.turn}: ${explained(v.stimulus)}`)];
}

/** Turn 1 (§2.4): where the Exploration Fleet appears, and the one a player gets without an EF order. */
function firstOrders(v: PlayerView): string[] {
  if (v.turn !== 1 || v.ended) return [];
  const capital = v.locations.find((l) => l.planet?.home === v.me.name && l.planet.main);
  const standard = formatOrder({ type: 'ef', fleets: DEFAULT_EF });
  return section('YOUR EXPLORATION FLEET', [
    ...para(
      `Your Exploration Fleet, mobile units worth up to $32 (the rest is paid to you in $), appears ` +
        `at your capital${capital ? ` ${capital.id}` : ''} in phase F and may move in phase G. ` +
        `Without an EF order you get the standard one: ${standard}`,
    ),
  ]);
}

const OUTCOME: Record<OrderResult[2], string> = {
  done: 'done',
  reduced: 'reduced',
  rejected: 'rejected',
  skipped: 'skipped',
};

/** Every order with its outcome, in the order written. */
function orders(v: PlayerView): string[] {
  return table(
    'ORDERS RECEIVED',
    [{ head: 'Line' }, { head: 'Order' }, { head: 'Outcome' }],
    v.log.results.map(([line, text, result, note]) => [
      line,
      echo(text, 60),
      note === '' ? OUTCOME[result] : `${OUTCOME[result]}: ${note}`,
    ]),
  );
}

function news(v: PlayerView): string[] {
  return section(
    'NEWS',
    v.log.notes.flatMap((n) => para(n)),
  );
}

/**
 * Locations one after another: arrows between them, as a `-` (the orders' stay) would read as part
 * of a negative coordinate (`-1,3--2,4`).
 */
const pathOf = (steps: readonly (string | null)[]) => steps.map((x) => x ?? 'stay').join(' -> ');

/** §6.2: the moves of each segment, own fleets first. */
function movement(v: PlayerView): string[] {
  const segments = [...new Set(v.log.moves.map((m) => m.segment))].sort((a, b) => a - b);
  const own = (owner: string) => (owner === v.me.name ? 0 : 1);
  return section(
    'MOVEMENT',
    segments.flatMap((segment) => {
      const moves = v.log.moves
        .filter((m) => m.segment === segment)
        .sort((a, b) => own(a.owner) - own(b.owner));
      const items = moves.map(
        (m) => `${m.owner === v.me.name ? '' : `${m.owner} `}${m.fleet} ${pathOf([m.from, m.to])}`,
      );
      return para(`Segment ${segment}: ${items.join(', ')}`, '           ');
    }),
  );
}

/** §6.6: one's own encounters in full, the worlds others found. */
function encounters(v: PlayerView): string[] {
  return section(
    'ENCOUNTERS',
    v.log.encounters.flatMap((e) => {
      const who = e.player === v.me.name ? e.fleet : `${e.player} ${e.fleet}`;
      const roll = e.roll === null ? '' : ` (d6 ${e.roll})`;
      return para(`${e.loc}: ${who}${e.card ? ` drew ${e.card}${roll}` : ''}: ${e.result}`);
    }),
  );
}

/** A side of a battle by name: its empires, or the NPC force. */
const sideName = (players: string[]) => (players.length === 0 ? 'NPC' : players.map(printable).join(' + '));

function battleResult(v: PlayerView, b: BattleView): string {
  if (b.winner === null) return 'undecided';
  const winner = b.sides[b.winner].players;
  if (winner.includes(v.me.name)) return 'you won';
  return b.mine ? 'you lost' : `${sideName(winner)} won`;
}

/** §7: one's battles with their units, losses and hits by round; others' results (§8.1). */
function battles(v: PlayerView): string[] {
  const lines: string[] = [];
  for (const b of v.log.battles) {
    const title = `${capital(b.kind)} battle at ${b.loc}, segment ${b.segment}: ${b.sides
      .map((s) => sideName(s.players))
      .join(' against ')}; ${battleResult(v, b)}`;
    if (!b.mine) {
      const losses = b.sides.map((s) => `${sideName(s.players)} $${s.losses}`).join(', ');
      lines.push('', ...para(`${title}. Losses: ${losses}`));
      continue;
    }
    const rows = table(
      title,
      [{ head: 'Side' }, { head: 'Units' }, { head: 'Lost' }, { head: 'Losses $' }],
      b.sides.map((s) => [sideName(s.players), unitList(s.units ?? []), unitList(s.lost ?? []), s.losses]),
    );
    // The table prints its title on one line: a long one (allied empires' names) is wrapped here.
    lines.push(...rows.flatMap((line) => (line === title ? para(title) : [line])));
    if (b.hits)
      lines.push(
        ...para(
          `Hits by round (${b.sides.map((s) => sideName(s.players)).join(', ')}): ${b.hits
            .map((round, i) => `${b.kind === 'orbital' ? (i === 0 ? 'GBDS' : i) : i + 1}: ${round.join('-')}`)
            .join(', ')}`,
        ),
      );
  }
  return lines.length === 0 ? [] : ['', 'BATTLES', ...lines];
}

function victoryPoints(v: PlayerView): string[] {
  return section(
    'VICTORY POINTS SCORED',
    v.log.vp.flatMap((x) => para(`${x.player}: +${x.vp} VP for the ${x.why}`)),
  );
}

/** The private income statement (§8.3) and the build queue. */
function stellars(v: PlayerView): string[] {
  const rows = v.log.cash.map((x) => [x.why, x.amount]);
  const lines = table(
    'STELLARS',
    [{ head: 'For' }, { head: 'Amount $' }],
    [...rows, ['In hand now', v.me.cash]],
  );
  const next = me(v).income;
  lines.push('', ...para(`Your worlds will pay $${next} in phase H of turn ${v.turn}.`));
  const queue = v.me.queue.map((b) => [b.id, b.unit, b.at, b.turn]);
  return [
    ...lines,
    ...table(
      'UNITS BOUGHT, PLACED IN PHASE F',
      [{ head: 'Build' }, { head: 'Unit' }, { head: 'At' }, { head: 'Bought in turn' }],
      queue,
    ),
  ];
}

/** The discovery counters one placed or found (§6.10): secret from the others. */
function discoveries(v: PlayerView): string[] {
  if (!v.me.discoveries) return [];
  return table(
    'YOUR DISCOVERY COUNTERS',
    [{ head: 'At' }, { head: 'Counter' }],
    v.me.discoveries.map((d) => [
      d.loc,
      d.result === null
        ? `${d.placed ? 'placed by you, ' : ''}${d.found ? 'found' : 'face down'}`
        : `found by you: ${d.n} + d10 ${d.roll} = ${d.result}`,
    ]),
  );
}

/** One's hand, the cards in play and those played this turn (§6.11, §8.1). */
function cards(v: PlayerView): string[] {
  if (!v.cards) return [];
  const lines = table(
    `YOUR TACTICS CARDS (${v.me.hand.length})`,
    [{ head: 'Card' }, { head: 'What it does' }],
    v.me.hand.map((c) => [c, CARD_TEXT[c] ?? '']),
  );
  if (v.me.hand.length === 0) lines.push('', 'YOUR TACTICS CARDS: none');
  const drawn = v.log.drawn.filter((d) => d.deck === 'tactics').map((d) => d.card);
  if (drawn.length > 0) lines.push(...para(`Drawn this turn: ${drawn.join(', ')}`));
  for (const p of v.players.filter((x) => x.inPlay.length > 0))
    lines.push(...para(`In play for ${p.name}: ${p.inPlay.join(', ')}`));
  if (v.log.played.length > 0)
    lines.push(...para(`Played this turn: ${v.log.played.map((p) => `${p.player} ${p.card}`).join(', ')}`));
  return lines;
}

const itemText = (i: OfferView['give'][number]) =>
  i.kind === 'cash' ? `$${i.amount}` : i.kind === 'chit' ? `a ${i.chit} chit` : i.card;

const itemsText = (items: OfferView['give']) =>
  items.length === 0 ? 'nothing' : items.map(itemText).join(' and ');

/**
 * One's chits and the offers made to or by one (§4.1 phase E, §10.7.3): trading is part of the game
 * with or without the cards. A trade made this turn as what the player gave and got (its Stellars
 * are in the income statement too); any other offer with its terms and where it stands.
 */
function chitsAndOffers(v: PlayerView): string[] {
  const { BoB, RR } = v.me.chits;
  const offers = v.me.offers.flatMap((o) => {
    const mine = o.from === v.me.name;
    const who = mine ? `to ${o.to}` : `from ${o.from}`;
    if (o.status === 'traded') {
      const [gave, got] = mine ? [o.give, o.get] : [o.get, o.give];
      return para(
        `Offer ${o.id} ${who} (turn ${o.turn}) traded in phase E: you gave ${itemsText(gave)} and got ${itemsText(got)}`,
      );
    }
    const next = o.turn + 1;
    const out = [o.from, o.to].find((name) => v.players.find((p) => p.name === name)?.eliminated);
    const status = {
      open: `open: ${mine ? `${o.to} may ` : ''}ACCEPT ${o.id} in turn ${next}`,
      failed: `failed: accepted in turn ${next}, not traded`,
      // Made in the last turn, it had no turn to be accepted in.
      lapsed: out
        ? `lapsed: ${out} is out of the game`
        : `lapsed: not accepted${next <= v.turn ? ` in turn ${next}` : ''}`,
    }[o.status];
    return para(
      `Offer ${o.id} ${who} (turn ${o.turn}): ${itemsText(o.give)} for ${itemsText(o.get)}; ${status}`,
    );
  });
  return section('YOUR CHITS AND OFFERS', [`Chits: Battle of Bluff ${BoB}, Rapid Response ${RR}`, ...offers]);
}

const KIND = {
  capital: 'Capital',
  subcapital: 'Sub-cap',
  empire: 'Empire',
  free: 'Free',
  neutral: 'Neutral',
} as const;

/**
 * Every world on the board (§8.1: public but the garrisons and natives), own ones first, then what
 * more is known of some. MI: the garrison, the Homeguard after a "+"; "-" where not known.
 */
function worlds(v: PlayerView): string[] {
  const listed = v.locations
    .filter((l): l is LocationView & { planet: PlanetView } => l.planet !== null)
    .sort((a, b) => Number(b.planet.owner === v.me.name) - Number(a.planet.owner === v.me.name));
  const rows = listed.map(({ id, planet: p }) => {
    const mi = p.mi === null ? null : p.homeguard ? `${p.mi}+${p.homeguard}` : p.mi;
    return [id, p.name, KIND[p.kind], p.owner ?? 'nobody', p.r, p.gbds, p.shipyards, mi];
  });
  const notes = listed.flatMap(({ id, planet: p, sse }) => {
    const items = [
      p.main ? 'main capital' : '',
      p.ods ? `ODS ${p.ods}` : '',
      p.blockaded ? 'blockaded' : '',
      p.natives ? `natives ${countsText(p.natives)}` : '',
      sse ? `Secret Shipyard of ${sse.owner}` : '',
    ].filter((n) => n !== '');
    return items.length === 0 ? [] : para(`${id} ${p.name}: ${items.join(', ')}`);
  });
  return [
    ...table(
      'WORLDS',
      ['Location', 'World', 'Kind', 'Owner', 'R', 'GBDS', 'SY', 'MI'].map((head) => ({ head })),
      rows,
    ),
    ...(notes.length > 0 ? ['', ...notes] : []),
  ];
}

/** A fleet's planned path, `-` for none. */
const pathText = (f: FleetView) => (f.plan && f.plan.path.length > 0 ? pathOf(f.plan.path) : '-');

/** One's own fleets with their units and last path; the others' markers, their units where seen. */
function fleets(v: PlayerView): string[] {
  const own = v.fleets.filter((f) => f.plan !== null);
  const others = v.fleets.filter((f) => f.plan === null);
  return [
    ...table(
      'YOUR FLEETS',
      ['Fleet', 'Location', 'Speed', 'Units', 'Path this turn'].map((head) => ({ head })),
      own.map((f) => [
        f.id,
        f.loc,
        f.speed,
        unitList((f.units ?? []).map((u) => u.id)),
        `${pathText(f)}${f.plan?.halted ? ' (halted)' : ''}`,
      ]),
    ),
    ...table(
      'OTHER FLEETS',
      ['Empire', 'Fleet', 'Location', 'Speed', 'Units'].map((head) => ({ head })),
      others.map((f) => [
        f.owner,
        f.id,
        f.loc,
        f.speed,
        f.units ? unitList(f.units.map((u) => u.id)) : 'not seen',
      ]),
    ),
  ];
}

/** Columns of the map a part of it holds: each hex 6 characters, odd rows 3 further in. */
const MAP_COLUMNS = 11;
const CELL = 6;

/**
 * The hex board (§3.2, odd rows half a hex right): each hex's `q,r` over what the player knows is
 * in it; a board wider than MAP_COLUMNS hexes is printed in parts, west first.
 */
function hexMap(v: PlayerView): string[] {
  const race = new Map(v.players.map((p) => [p.name, p.race]));
  const byHex = new Map<string, LocationView[]>();
  for (const l of v.locations) {
    const key = `${l.q},${l.r}`;
    byHex.set(key, [...(byHex.get(key) ?? []), l]);
  }
  const cell = (locs: LocationView[]): string => {
    if (!locs[0].explored) return '?';
    const ids = new Set(locs.map((l) => l.id));
    const worldMarks = locs.map((l) => (l.planet ? (l.planet.owner ? race.get(l.planet.owner) : '#') : ''));
    const fleetMarks = [
      ...new Set(v.fleets.filter((f) => ids.has(f.loc)).map((f) => (race.get(f.owner) ?? '').toLowerCase())),
    ];
    const marks = [...worldMarks, ...fleetMarks].join('');
    return marks === '' ? '.' : marks.slice(0, CELL - 1);
  };
  const parts: [number, number][] = [];
  for (let c0 = 0; c0 < v.map.width; c0 += MAP_COLUMNS)
    parts.push([c0, Math.min(v.map.width, c0 + MAP_COLUMNS)]);
  const lines: string[] = [];
  parts.forEach(([c0, c1], i) => {
    const title =
      parts.length === 1
        ? 'MAP'
        : `MAP, part ${i + 1} of ${parts.length} (columns ${c0 + 1}-${c1} from the west)`;
    lines.push('', title, '');
    for (let row = 0; row < v.map.height; row++) {
      const indent = row % 2 === 1 ? ' '.repeat(CELL / 2) : '';
      const hexes: LocationView[][] = [];
      for (let col = c0; col < c1; col++) {
        const first = v.locations.find((l) => l.row === row && l.col === col);
        if (first) hexes.push(byHex.get(`${first.q},${first.r}`) ?? [first]);
      }
      const label = hexes.map((locs) => `${locs[0].q},${locs[0].r}`.padEnd(CELL)).join('');
      const content = hexes.map((locs) => ` ${cell(locs)}`.padEnd(CELL)).join('');
      lines.push((indent + label).trimEnd(), (indent + content).trimEnd());
    }
  });
  const races = v.players.map((p) => `${p.race} ${RACES[p.race].name} (${printable(p.name)})`);
  lines.push(
    '',
    "? unexplored  . explored and empty  G a world of that race (# nobody's), one",
    'letter a half of a split hex  g fleets of that race',
    ...para(`Races: ${races.join(', ')}`),
  );
  return lines;
}

/** §9: the public standings (VP, income, worlds, fleets, cards in hand), best first. */
function standingsTable(v: PlayerView): string[] {
  const rows = [...v.players]
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat)
    .map((p) => [
      p.rank,
      `${printable(p.name)}${p.winner ? ' (winner)' : p.eliminated ? ' (out)' : ''}`,
      RACES[p.race].name,
      p.vp,
      p.income,
      p.worlds,
      p.fleets,
      p.cards,
    ]);
  const title = v.ended ? 'FINAL STANDINGS' : 'STANDINGS';
  return table(
    title,
    ['Rank', 'Empire', 'Race', 'VP', 'Income $', 'Worlds', 'Fleets', 'Cards'].map((head) => ({ head })),
    rows,
  );
}
