import {
  resolveSettings,
  type PlayerRef,
  type Rng,
  type RulesetEvent,
  type SettingSpec,
  type Settings,
} from '@warpgate/engine';
import { hexKey, locId, type LocId } from './hex';
import { BOARDS, empiresOf, exploredAround, mapProblems } from './map';
import { gdEvent, type FleetId, type PlayerId } from './state';
import {
  available,
  capacity,
  countsCost,
  CV_MIN_FIGHTERS,
  ENCOUNTER_DECK,
  RACE_CODES,
  raceByName,
  RACES,
  RISK_CARDS,
  STIMULUS_CARDS,
  STIMULUS_COPIES,
  TACTICS_CARDS,
  UNITS,
  type RaceCode,
  type UnitCounts,
  type UnitType,
} from './tables';

/**
 * Lobby settings and the starting situation (digest §2.4, §3.2, §9.1).
 *
 * The RNG is drawn in this order: the seats (a shuffle of the players), the races' roll-offs (by
 * race in table order, each round's d6 in join order), the random races (in seat order), then the
 * shuffles of the Encounter, Stimulus, Tactics and Risk decks (the last three with cards on).
 * Dealing the 3 Tactics cards and drawing turn 1's Stimulus card take the tops of the decks.
 */

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;
/** The basic game lasts 10 turns (§1); "advanced" games about 20. */
export const BASIC_TURNS = 10;
/** Tactics cards each player starts with (§2.4). */
export const STARTING_HAND = 3;
export const RANDOM_RACE = 'random';

const raceSetting = (n: number): SettingSpec => ({
  name: `race${n}`,
  type: 'enum',
  default: RANDOM_RACE,
  values: [RANDOM_RACE, ...RACE_CODES.map((c) => RACES[c].name)],
  help: `The race of player ${n} in joining order; two asking for one race roll off, the loser takes a random one.`,
});

export const SETTINGS: SettingSpec[] = [
  {
    name: 'turns',
    type: 'int',
    default: BASIC_TURNS,
    min: 1,
    max: 30,
    help: 'Turns in the game (basic: 10).',
  },
  {
    name: 'vpToWin',
    type: 'int',
    default: 0,
    min: 0,
    max: 200,
    help: 'Victory Points that win at once in phase K (0: off; 12 is suggested).',
  },
  { name: 'cards', type: 'bool', default: true, help: 'Play with Stimulus, Tactics and Risk cards.' },
  {
    name: 'terranNavy',
    type: 'bool',
    default: false,
    help: 'Terran alternate navy (Appendix N): altered Terran warships earn Compensatory Points.',
  },
  {
    name: 'discovery',
    type: 'bool',
    default: false,
    help: 'Discovery hexes (§6.10): each player places a secret numbered counter in turns 4–6.',
  },
  ...Array.from({ length: MAX_PLAYERS }, (_, i) => raceSetting(i + 1)),
];

/** Starting worlds (§2.4 Decision): a sub-capital R5 and an Empire World R3 on the other system's halves. */
export const SUBCAPITAL_R = 5;
export const EMPIRE_WORLD_R = 3;

/**
 * d6 rounds among `claimants` (join order) until one rolls highest alone (§7.2 of the book: the
 * tied re-roll).
 */
function rollOff(claimants: PlayerId[], rng: Rng): { rounds: [PlayerId, number][][]; winner: PlayerId } {
  const rounds: [PlayerId, number][][] = [];
  let left = claimants;
  for (;;) {
    const round = left.map((p): [PlayerId, number] => [p, rng.int(1, 6)]);
    rounds.push(round);
    const best = Math.max(...round.map(([, roll]) => roll));
    left = round.filter(([, roll]) => roll === best).map(([p]) => p);
    if (left.length === 1) return { rounds, winner: left[0] };
  }
}

/** Ids of new units: race + type code + the next number of that series (§2.3). */
function numberer() {
  const used: Record<string, number> = {};
  return (race: string, type: UnitType, count: number): string[] => {
    const prefix = race + UNITS[type].code;
    return Array.from({ length: count }, () => `${prefix}${(used[prefix] = (used[prefix] ?? 0) + 1)}`);
  };
}

const copies = (names: readonly string[], n: number): string[] =>
  names.flatMap((c) => Array<string>(n).fill(c));

export function setup(input: Settings, players: PlayerRef[], rng: Rng): RulesetEvent[] {
  const { settings, errors } = resolveSettings(SETTINGS, input);
  if (errors.length > 0) throw new RangeError(`Invalid settings: ${errors.join('; ')}`);
  if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS)
    throw new RangeError(`Galactic Domination takes ${MIN_PLAYERS} to ${MAX_PLAYERS} players`);
  const cards = settings.cards === true;
  const events: RulesetEvent[] = [
    gdEvent('GameSetUp', {
      options: {
        turns: Number(settings.turns),
        vpToWin: Number(settings.vpToWin),
        cards,
        ...(settings.terranNavy === true && { terranNavy: true as const }),
        ...(settings.discovery === true && { discovery: true as const }),
      },
    }),
  ];

  // §3.2: a seeded seating instead of the book's d6 procedure.
  const seated = rng.shuffle(players);

  // Races: each player's wish from the settings, in join order; a race asked twice is rolled off.
  const raceOf = new Map<PlayerId, RaceCode>();
  const wish = (i: number) => raceByName(String(settings[`race${i + 1}`]));
  for (const code of RACE_CODES) {
    const claimants = players.filter((_, i) => wish(i) === code).map((p) => p.id);
    if (claimants.length === 0) continue;
    if (claimants.length === 1) {
      raceOf.set(claimants[0], code);
      continue;
    }
    const { rounds, winner } = rollOff(claimants, rng);
    events.push(gdEvent('RaceRolledOff', { race: code, rounds, winner }));
    raceOf.set(winner, code);
  }
  // Decision: the losers of a roll-off, like those who asked for none, get a race drawn from those left.
  for (const p of seated)
    if (!raceOf.has(p.id)) {
      const taken = new Set(raceOf.values());
      raceOf.set(p.id, rng.pick(RACE_CODES.filter((c) => !taken.has(c))));
    }
  const raceFor = (p: PlayerRef) => raceOf.get(p.id) as RaceCode;
  seated.forEach((p, i) =>
    events.push(
      gdEvent('PlayerSeated', { player: p.id, name: p.name.trim(), race: raceFor(p), seat: i + 1 }),
    ),
  );

  const board = BOARDS[players.length];
  const empires = empiresOf(players.length);
  const problems = mapProblems(board, empires);
  if (problems.length > 0) throw new Error(`Bad map for ${players.length} players: ${problems.join('; ')}`);
  events.push(
    gdEvent('MapDrawn', {
      width: board.width,
      height: board.height,
      split: empires.flatMap((e, i) =>
        RACES[raceFor(seated[i])].capitals.length > 1
          ? [hexKey(e.capital), hexKey(e.other)]
          : [hexKey(e.other)],
      ),
      explored: exploredAround(board, empires),
    }),
  );

  const ids = numberer();
  seated.forEach((p, i) => {
    const race = RACES[raceFor(p)];
    const { capital, other } = empires[i];
    const units = (loc: LocId, type: UnitType, count: number, homeguard = false) =>
      events.push(
        gdEvent('UnitsCreated', {
          owner: p.id,
          loc,
          fleet: null,
          units: ids(race.code, type, count),
          homeguard,
          hull: false,
        }),
      );
    const world = (
      loc: LocId,
      name: string,
      kind: 'capital' | 'subcapital' | 'empire',
      r: number,
      main: boolean,
    ) => events.push(gdEvent('WorldPlaced', { loc, name, kind, home: p.id, main, owner: p.id, r }));
    race.capitals.forEach(([name, r], c) => {
      const loc = race.capitals.length > 1 ? locId(capital, c === 0 ? 'a' : 'b') : locId(capital);
      world(loc, name, 'capital', r, c === 0);
      units(loc, 'GBDS', 2);
      if (c === 0) units(loc, 'ODS', 1);
      if (c === race.shipyardAt) units(loc, 'SY', 1);
      units(loc, 'MI', 2, true);
    });
    world(locId(other, 'a'), `${race.name} II`, 'subcapital', SUBCAPITAL_R, false);
    units(locId(other, 'a'), 'GBDS', 1);
    world(locId(other, 'b'), `${race.name} III`, 'empire', EMPIRE_WORLD_R, false);
  });

  const encounters = Object.entries(ENCOUNTER_DECK).flatMap(([card, n]) => copies([card], n));
  events.push(gdEvent('DeckShuffled', { deck: 'encounter', cards: rng.shuffle(encounters) }));
  if (cards) {
    const stimulus = rng.shuffle(copies(STIMULUS_CARDS, STIMULUS_COPIES));
    events.push(gdEvent('DeckShuffled', { deck: 'stimulus', cards: stimulus }));
    // Decision: Space Discovery needs the special hexes, not in v1; category-2 cards wait for turn 4 (§5 AA).
    const tactics = Object.entries(TACTICS_CARDS).filter(([, c]) => !c.specialHexes);
    const deck = (category: 1 | 2) =>
      tactics.filter(([, c]) => c.category === category).flatMap(([name, c]) => copies([name], c.copies));
    events.push(gdEvent('CardsSetAside', { deck: 'tactics', cards: deck(2) }));
    const tacticsDeck = rng.shuffle(deck(1));
    events.push(gdEvent('DeckShuffled', { deck: 'tactics', cards: tacticsDeck }));
    events.push(gdEvent('DeckShuffled', { deck: 'risk', cards: rng.shuffle(RISK_CARDS) }));
    // §2.4: one card at a time in player (seat) order.
    let top = 0;
    for (let round = 0; round < STARTING_HAND; round++)
      for (const p of seated)
        events.push(gdEvent('CardDrawn', { deck: 'tactics', player: p.id, card: tacticsDeck[top++] }));
    // §8.2 Decision: a turn's Stimulus card is drawn before its orders are written.
    events.push(gdEvent('CardDrawn', { deck: 'stimulus', player: null, card: stimulus[0] }));
  }
  return events;
}

// ---- The Exploration Fleet (§2.4, §9.1.2) ----

export const EF_BUDGET = 32;

/** Units an Exploration Fleet may hold: mobile ones (§2.4), the race's own. */
const EF_UNITS: UnitType[] = ['BB', 'TT', 'FF', 'CA', 'DD', 'CV', 'MI', 'Ftr', 'RA', 'GS'];

export interface EfProblem {
  code: 'EF_OVER_BUDGET' | 'CV_MIN_FIGHTERS' | 'NO_CAPACITY' | 'UNIT_NOT_AVAILABLE' | 'DUPLICATE_FLEET';
  message: string;
}

/**
 * What is wrong with an Exploration Fleet design (§4.1 EF), and the Stellars paid for what it
 * leaves unspent. Each fleet carries its own MI and Ftr; a fleet of carried units alone has no room.
 */
export function checkExplorationFleet(
  race: RaceCode,
  fleets: { id: FleetId; units: UnitCounts }[],
): { problems: EfProblem[]; refund: number } {
  const problems: EfProblem[] = [];
  const problem = (code: EfProblem['code'], message: string) => problems.push({ code, message });
  const ids = fleets.map((f) => f.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) problem('DUPLICATE_FLEET', `${twice} is named twice`);
  for (const { id, units } of fleets) {
    for (const type of Object.keys(units) as UnitType[])
      if (!EF_UNITS.includes(type) || !available(race, type))
        problem(
          'UNIT_NOT_AVAILABLE',
          `${id}: the ${RACES[race].title} has no ${type} in an Exploration Fleet`,
        );
    const room = capacity(units);
    const cv = units.CV ?? 0;
    if ((units.Ftr ?? 0) < CV_MIN_FIGHTERS * cv)
      problem('CV_MIN_FIGHTERS', `${id}: each CV needs at least ${CV_MIN_FIGHTERS} Ftr`);
    if ((units.MI ?? 0) > room.mi) problem('NO_CAPACITY', `${id}: ${units.MI} MI, room for ${room.mi}`);
    if ((units.Ftr ?? 0) > room.ftr) problem('NO_CAPACITY', `${id}: ${units.Ftr} Ftr, room for ${room.ftr}`);
  }
  const cost = fleets.reduce((sum, f) => sum + countsCost(f.units), 0);
  if (cost > EF_BUDGET) problem('EF_OVER_BUDGET', `the fleets cost $${cost}, more than $${EF_BUDGET}`);
  return { problems, refund: Math.max(0, EF_BUDGET - cost) };
}

// ---- Empire names ----

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.'-]{0,23}$/;

/**
 * 1 to 24 letters, digits and _ . ' - (no spaces: orders name other players by their empire name in
 * one word), starting with a letter or digit; unique ignoring case.
 */
export function validateEmpireName(name: string, taken: string[]): string | null {
  const trimmed = name.trim();
  if (!NAME.test(trimmed))
    return "An empire name has 1 to 24 letters, digits, _ . ' or -, beginning with a letter or digit";
  if (taken.some((t) => t.trim().toUpperCase() === trimmed.toUpperCase()))
    return `"${trimmed}" is already taken`;
  return null;
}
