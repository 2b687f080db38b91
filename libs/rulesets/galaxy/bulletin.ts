import type { Notice } from '@warpgate/engine';
import { echo, PAGE_WIDTH, table, wrapText } from '../printout';
import { ECHO_LENGTH, masked } from './orders';
import { OPTIONS, type Mistake, type OptionName } from './state';
import { namer, num, text } from './tables';
import type { BattleView, PlayerView } from './view';

/**
 * The printout's bulletin (GalaxyNG's: ranking, options), the orders received, the status
 * of players and the battles; from the player's view only.
 */

const onOff = (on: boolean): string => (on ? 'ON' : 'OFF');

/** What became of an order that went wrong or was noted; an F order's note is its answer. */
function outcome(m: Mistake): string {
  if (m.severity === 'error') return 'rejected';
  if (m.severity === 'warning') return 'reduced';
  return /^f(\s|$)/i.test(m.text) ? 'answer' : 'note';
}

/**
 * Every order in written order with its outcome: done, or rejected, reduced, answered or noted.
 * Games of rules 1 kept no word of the orders carried out: only the others are there.
 */
export function ordersReceived(v: PlayerView): string[] {
  const rows: { line: number | null; text: string; outcome: string }[] = [
    ...v.done.map((d) => ({ ...d, outcome: 'done' })),
    ...v.mistakes.map((m) => ({ ...m, outcome: `${outcome(m)}: ${m.message}` })),
  ];
  return table(
    'Orders Received',
    [num('Line', 0), text('Order'), text('Outcome')],
    // A message's first line stands for it; masked, as games of rules 1 kept an unreadable Y line whole.
    rows
      .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
      .map((r) => [r.line, echo(masked(r.text.split('\n')[0].trim()), ECHO_LENGTH), r.outcome]),
  );
}

/** A change as a signed number. */
const signed = (digits: number) => (n: number) => {
  const shown = n.toFixed(digits);
  return Number(shown) > 0 ? `+${shown}` : Number(shown) < 0 ? shown : (0).toFixed(digits);
};

/**
 * The races by production, as GalaxyNG's bulletin ranks them, with their rank when the turn began;
 * then what changed since (games of rules 2 keep that ranking).
 */
export function ranking(v: PlayerView): string[] {
  const name = namer(v);
  const changed = v.ranking.some((r) => r.before !== null);
  const two = signed(2);
  return [
    ...table(
      'Ranking of Races',
      [
        text('Race'),
        num('Rank', 0),
        ...(changed ? [num('Rank before', 0)] : []),
        num('Population'),
        num('Industry'),
        num('Production'),
        num('Tech'),
        num('Planets', 0),
      ],
      v.ranking.map((r, i) => [
        name(r.name),
        i + 1,
        ...(changed ? [r.before?.rank] : []),
        r.population,
        r.industry,
        r.production,
        r.tech,
        r.planets,
      ]),
    ),
    ...(changed
      ? table(
          'Changes Since Last Turn',
          [
            text('Race'),
            { head: 'Population', align: 'right' },
            { head: 'Industry', align: 'right' },
            { head: 'Production', align: 'right' },
            { head: 'Tech', align: 'right' },
            { head: 'Planets', align: 'right' },
          ],
          v.ranking.map(({ name: race, before: b, ...now }) => [
            name(race),
            b && two(now.population - b.population),
            b && two(now.industry - b.industry),
            b && two(now.production - b.production),
            b && two(now.tech - b.tech),
            b && signed(0)(now.planets - b.planets),
          ]),
        )
      : []),
  ];
}

/** The mass of the ships the race built and lost so far (GalaxyNG's production status; rules 2). */
export function shipMass(v: PlayerView): string[] {
  const mass = v.me.shipMass;
  return mass
    ? table(
        'Ship Mass So Far',
        [text('Ships'), num('Mass')],
        [
          ['built', mass.built],
          ['lost in battle', mass.lost],
        ],
      )
    : [];
}

/** The rules every race plays by here, named as GalaxyNG's game options are, and the race's own options. */
export function options(v: PlayerView): string[] {
  return [
    ...table(
      'Game Options',
      [text('Option'), text('Setting')],
      [
        ['Galaxy size', `${v.size} light-years`],
        // v3.5 bombing empties the planet (digest §6.12): GalaxyNG's FullBombing.
        ['Full bombing', onOff(true)],
        ['Keep production', onOff(false)],
        ['Drop idle players', 'ON (after 3 turns without orders)'],
        ['Spherical galaxy', onOff(false)],
        ['Initial tech levels', '1.00 1.00 1.00 1.00'],
      ],
    ),
    ...table(
      'Your Options',
      [text('Option'), text('Setting')],
      (Object.keys(OPTIONS) as OptionName[]).map((o) => [o, onOff(v.me.options[o])]),
    ),
  ];
}

/** Every active race's techs and totals, and this race's stance toward it. */
export function statusOfPlayers(v: PlayerView): string[] {
  const name = namer(v);
  return table(
    'Status of Players',
    [
      text('Race'),
      num('Drive'),
      num('Weapons'),
      num('Shields'),
      num('Cargo'),
      num('Population'),
      num('Industry'),
      num('Planets', 0),
      text('Stance'),
    ],
    v.races.map((r) => [
      name(r.name),
      r.tech.drive,
      r.tech.weapons,
      r.tech.shields,
      r.tech.cargo,
      r.population,
      r.industry,
      r.planets,
      r.stance === null ? '-' : r.stance === 'peace' ? 'Peace' : 'War',
    ]),
  );
}

/**
 * A battle: per race and ship type the ships before, lost and left; every shot only with
 * BATTLEPROTOCOL.
 */
export function battle(v: PlayerView, b: BattleView): string[] {
  const name = namer(v);
  const sides = new Map<string, { race: string; type: string; before: number; left: number }>();
  for (const g of b.groups) {
    const key = `${g.race}\n${g.type}`;
    const side = sides.get(key) ?? { race: g.race, type: g.type, before: 0, left: 0 };
    side.before += g.before;
    side.left += g.after;
    sides.set(key, side);
  }
  const lines = table(
    `Battle at ${name(b.planet)} (phase ${b.phase})`,
    [text('Race'), text('Ship type'), num('Before', 0), num('Lost', 0), num('Left', 0)],
    [...sides.values()].map((s) => [name(s.race), name(s.type), s.before, s.before - s.left, s.left]),
  );
  if (!v.me.options.BATTLEPROTOCOL || b.shots.length === 0) return lines;
  const who = b.groups.map((g) => `${name(g.race)} ${name(g.type)}`);
  return [
    ...lines,
    '',
    // Two long names on a line are more than a page is wide: the rest goes on an indented line.
    ...b.shots.flatMap(([a, t, hit]) =>
      wrapText(`${who[a]} fires on ${who[t]}: ${hit ? 'destroyed' : 'shields held'}`, PAGE_WIDTH, '    '),
    ),
  ];
}

/** What the platform pushes (digest §8): battles, bombings, first contacts, new incoming groups, messages, exits, game over. */
export function notices(v: PlayerView): Notice[] {
  return [
    ...v.battles.map((b): Notice => ({ kind: 'combat', text: `Battle at ${b.planet}` })),
    ...v.bombings.map((b): Notice => ({
      kind: 'combat',
      text: `${b.planetName} was bombed by ${b.bombers.join(', ')}`,
    })),
    ...v.notices,
    ...v.incoming
      .filter((g) => g.sentThisTurn)
      .map((g): Notice => ({ kind: 'news', text: `${g.ships} alien ships heading for ${g.planet}` })),
    ...v.messages.map((m): Notice => ({
      kind: 'news',
      text: m.broadcast ? 'A broadcast message' : `A message from ${m.from ?? '?'}`,
    })),
    ...v.gone.map((g): Notice => ({ kind: 'news', text: `The ${g.name} have left the game (${g.reason})` })),
    ...(v.ended
      ? [{ kind: 'news' as const, text: v.winner ? `Game over: the ${v.winner} have won` : 'Game over' }]
      : []),
  ];
}
