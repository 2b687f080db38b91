import { createRng, type RulesetEvent } from '@warpgate/engine';
import { PAGE_WIDTH } from '../printout';
import { components, parseRating } from './design';
import { evolveAll, systemAt } from './evolve';
import { parseOrders } from './orders';
import { renderReport } from './report';
import { resolveFortnight } from './resolve';
import { setup } from './setup';
import { ALPHA, BETA, DESIGN, example, HOME, play, ship } from './turn-fixtures';
import {
  columnOf,
  formatLoc,
  gtEvent,
  initialState,
  rowOf,
  type GtEventMap,
  type GtState,
  type ShipSetUp,
} from './state';
import { view, type PlayerView } from './view';

/** Digest §8: the printout a player reads, section by section, as the book prints it. */

/** The digest's setting (§11): ALPHA at 10-10 (432 PI unless said), BETA at 50-50; stars of base PV 7
 * at 10-13 and 5 at 30-30. */
const game = (ships: ShipSetUp[] = [], pi = 432): GtState => {
  const { state } = example({
    stars: [
      [1013, 7],
      [3030, 5],
    ],
    ships,
  });
  systemAt(state, HOME)!.pi = pi;
  return state;
};

const parseRatingOrThrow = (text: string) => {
  const rating = parseRating(text);
  if (typeof rating === 'string') throw new Error(rating);
  return rating;
};
const then = (s: GtState, ...events: RulesetEvent[]) => evolveAll(s, events);
const e = <K extends keyof GtEventMap>(name: K, data: GtEventMap[K]) => gtEvent(name, data);
const playerView = (s: GtState, id = ALPHA) => view(s, { role: 'player', playerId: id }) as PlayerView;
const text = (s: GtState, id = ALPHA) => renderReport(playerView(s, id)).text;
const lines = (s: GtState, id = ALPHA) => text(s, id).split('\n');
/** The turns from the current one to `turn` (exclusive) processed with nothing but the economy. */
const until = (s: GtState, turn: number) => {
  while (s.turn < turn) s = then(s, e('EconomyRun', {}), e('TurnCompleted', { turn: s.turn }));
  return s;
};

describe('own systems (§8.1)', () => {
  it('GT-2 prints the home status line, and the next fortnight the home has produced 100 PI', () => {
    const s = then(game([], 434), e('MissilesBuilt', { empire: ALPHA, loc: 1010, count: 2 }));
    expect(lines(s)).toContain('10-10 Unnamed Star System 10(100) PV, 432 PI, 2 M Home System');
    expect(lines(until(s, 2))).toContain('10-10 Unnamed Star System 10(100) PV, 532 PI, 2 M Home System');
  });

  it('prints the valuation under the home, the research line only once researched', () => {
    const s = game();
    const home = lines(s).indexOf('10-10 Unnamed Star System 10(100) PV, 432 PI, 0 M Home System');
    // §6.13: ALPHA 432 + 10 × 100, BETA (the leader) 500 + 10 × 100.
    expect(lines(s)[home + 1]).toBe('Empire Valuation: 95th percentile');
    expect(text(s)).not.toContain('Research:');
    const researched = then(s, e('ResearchFunded', { empire: ALPHA, loc: 1010, pi: 250 }));
    expect(text(researched)).toContain('Research: 250 PI expended, Current Tech Level is 1');
    const more = then(game([], 5000), e('ResearchFunded', { empire: ALPHA, loc: 1010, pi: 2500 }));
    expect(text(more)).toContain('Research: 2,500 PI expended, Current Tech Level is 2');
  });

  it('prints production systems after the home, then colonies, with their multipliers', () => {
    const s = then(
      game(),
      e('SystemColonized', { loc: 3030, empire: ALPHA, name: 'Mars II' }),
      e('SystemColonized', { loc: 1013, empire: ALPHA, name: null }),
      e('SystemDeveloped', { loc: 1013, name: 'Forge' }),
    );
    const statuses = lines(s).filter((l) => /^\d\d-\d\d /.test(l));
    expect(statuses).toEqual([
      '10-10 Unnamed Star System 10(100) PV, 432 PI, 0 M Home System',
      '10-13 Forge 7(35) PV, 0 PI, 0 M Production',
      '30-30 Mars II 5(15) PV Colony',
    ]);
  });

  it('GT-24 lists a ship of delay 4 ordered on 3500-13 as 75% complete on 3500-16, due 3501-01', () => {
    let s = until(game(), 13);
    s = then(
      s,
      e('ShipOrdered', {
        id: 1901,
        owner: ALPHA,
        design: DESIGN.ST1,
        name: 'GUARDIAN',
        tl: 1,
        loc: 1010,
        cost: 42,
        delay: 4,
      }),
      e('ShipOrdered', {
        id: 1902,
        owner: ALPHA,
        design: DESIGN.FX,
        name: 'Hauler',
        tl: 1,
        loc: 1010,
        cost: 9,
        delay: 1,
      }),
    );
    s = until(s, 16);
    expect(playerView(s).date).toBe('3500-16');
    const home = lines(s).findIndex((l) => l.startsWith('10-10 Unnamed Star System'));
    expect(lines(s).slice(home + 1, home + 3)).toEqual([
      expect.stringMatching(/^Empire Valuation: \d+th percentile$/),
      'Dry dock: 1901 ST1 GUARDIAN due 3501-01 Tech 1, 75% complete',
    ]);
    // The one-fortnight ship was never listed; the station is in service on 3501-01.
    expect(text(s)).not.toContain('Hauler due');
    const done = until(s, 17);
    expect(playerView(done).date).toBe('3501-01');
    expect(text(done)).not.toContain('Dry dock');
    expect(text(done)).toMatch(/^ {2}1901 {2}ST1 {2}GUARDIAN/m);
  });

  it('shows other empires’ visible ships at an own system by count and size, never by name (§8.3)', () => {
    const s = then(
      game([ship(3001, 'FF1', HOME, BETA), ship(3002, 'FF1', HOME, BETA), ship(3003, 'FX', HOME, BETA)]),
      e('OrderGiven', { ships: [3001], order: { kind: 'DEFEND' } }),
      e('OrderGiven', { ships: [3003], order: { kind: 'SCOUT', stops: [1010], next: 0 } }),
    );
    const home = '10-10 Unnamed Star System 10(100) PV, 432 PI, 0 M Home System';
    expect(lines(s)).toContain(`${home} Under Attack!`);
    // The scout is hidden: two ships, not three; and whose they are is not said, even once known.
    expect(lines(s)).toContain('Enemy ships: 2, total SSD 10, largest SSD 5');
    const known = then(s, e('ContactMade', { empire: ALPHA, other: BETA }));
    expect(lines(known)).toContain('Enemy ships: 2, total SSD 10, largest SSD 5');
    expect(text(known)).not.toContain('BETA');
    const destroying = then(
      s,
      e('OrderGiven', { ships: [3002], order: { kind: 'DESTROY', target: 1010, steps: 1, ready: true } }),
    );
    expect(lines(destroying)).toEqual(
      expect.arrayContaining([
        '10-10 Unnamed Star System 10(100) PV, 432 PI,',
        '      0 M Home System Being Destroyed! Under Attack!',
      ]),
    );
    // BETA's own report shows none of ALPHA's home.
    expect(text(s, BETA)).not.toContain('10-10 Unnamed');
  });

  it('counts PV aboard shuttles bound for a production system as imports', () => {
    const s = then(
      game([ship(2008, 'FX', 1013), ship(2009, 'FX', 1010)]),
      e('SystemColonized', { loc: 1013, empire: ALPHA, name: null }),
      e('Loaded', { ship: 2008, pi: 0, pv: 10, missiles: 0 }),
      e('Loaded', { ship: 2009, pi: 0, pv: 0, missiles: 0 }),
      e('OrderGiven', { ships: [2008], order: { kind: 'SHUTTLE', stops: [1013, 1010], next: 1 } }),
      e('OrderGiven', { ships: [2009], order: { kind: 'SHUTTLE', stops: [1010, 1013], next: 1 } }),
    );
    expect(lines(s)).toContain('Imports: 10 PV en route');
    // At the colony, heading there: not yet bound for the home... still the next production stop.
    const back = then(
      s,
      e('OrderGiven', { ships: [2008], order: { kind: 'SHUTTLE', stops: [1013, 1010], next: 0 } }),
    );
    expect(lines(back)).toContain('Imports: 10 PV en route');
    // Sitting at the home with PV aboard: not en route.
    const home = then(s, e('FleetMoved', { ship: 2008, to: 1010 }));
    expect(text(home)).not.toContain('Imports');
  });
});

describe('ships (§8.1)', () => {
  const fleet = () =>
    then(
      game([
        ship(2001, 'CV1J', HOME),
        ship(2002, 'FT1', 1010, ALPHA, 2001),
        ship(2003, 'FT1', 1010, ALPHA, 2001),
        ship(2006, 'FF1', HOME),
        ship(2007, 'FF1', HOME),
        ship(2008, 'FX', HOME),
        ship(2010, 'FF1', 3030),
      ]),
      e('Joined', { flag: 2001, ship: 2006 }),
      e('Joined', { flag: 2006, ship: 2007 }),
      e('Joined', { flag: 2001, ship: 2008 }),
      e('MissilesBuilt', { empire: ALPHA, loc: 1010, count: 3 }),
      e('Loaded', { ship: 2008, pi: 10, pv: 0, missiles: 3 }),
      e('OrderGiven', {
        ships: [2001, 2002, 2003, 2006, 2007, 2008],
        order: { kind: 'ATTACK', target: 3030, maxSSD: 0 },
      }),
      e('ControlsSet', { ship: 2001, controls: { drone: 0, p: 3, t: 2, minSSD: 200 } }),
      e('OrderGiven', { ships: [2010], order: { kind: 'SCOUT', stops: [3030, 4040], next: 0 } }),
    );

  it('lists a fleet under its flagship: hangar, cargo, controls, costs; identical joined ships by id', () => {
    const s = fleet();
    s.empires[0].tl = 2;
    s.ships.find((x) => x.id === 2006)!.intact.s = 1;
    const all = lines(s);
    const at = all.indexOf('10-10 Unnamed Star System 10(100) PV, 419 PI, 0 M Home System');
    expect(all.slice(at + 2, at + 13)).toEqual([
      '  2001  CV1J Carrier, Jeep   4P/4;4;/14-14@1    SSD 10  ATTACK 30-30',
      '        Hangar: 4 bays, 2002 2003',
      '        COMBAT: drones 0, P-types 3, T-types 2, min SSD 200',
      '        Refit 32 PI, Repair 1 PI',
      '    2002  FT1  Fighter         4P/1;;/-16@1     SSD  5  ATTACK 30-30',
      '    2003  FT1  Fighter         4P/1;;/-16@1     SSD  5  ATTACK 30-30',
      '    2006  FF1  Frigate         3P/1;;/16-16@1   SSD  4  ATTACK 30-30',
      '      2007  FF1  Frigate         3P/2;;/16-16@1 SSD  5  ATTACK 30-30',
      '    2008  FX   Freighter       /;;10/20-1@1     SSD  2  ATTACK 30-30',
      '          Cargo: 10 bays, 10 PI, 3 M',
      '',
    ]);
  });

  it('lists ships joined to an identical flagship by id only', () => {
    const s = then(
      game([ship(2006, 'FF1', HOME), ship(2007, 'FF1', HOME), ship(2011, 'FF1', HOME)]),
      e('Joined', { flag: 2006, ship: 2007 }),
      e('Joined', { flag: 2006, ship: 2011 }),
    );
    expect(lines(s)).toEqual(
      expect.arrayContaining([
        '  2006  FF1  Frigate         3P/2;;/16-16   SSD  5  NONE',
        '    Joined: 2007 2011',
      ]),
    );
  });

  it('prints COMBAT/STANDING under the ship it was given to only; identical joined ships stay by id', () => {
    const s = then(
      game([ship(2006, 'FF1', HOME), ship(2007, 'FF1', HOME), ship(2011, 'FF1', HOME)]),
      e('Joined', { flag: 2006, ship: 2007 }),
      e('Joined', { flag: 2006, ship: 2011 }),
    );
    const { state } = play(s, { [ALPHA]: 'DEFEND 2006\nSTANDING 2006 0 3 0 0' });
    const all = lines(state);
    const at = all.findIndex((l) => l.startsWith('  2006  FF1'));
    expect(all.slice(at, at + 4)).toEqual([
      '  2006  FF1  Frigate         3P/2;;/16-16   SSD  5  DEFEND',
      '        STANDING: drones 0, P-types 3, T-types 0, min SSD 0',
      '    Joined: 2007 2011',
      '',
    ]);
  });

  it('groups ships elsewhere by square, each square as far as they can tell', () => {
    const s = then(
      fleet(),
      e('FleetMoved', { ship: 2001, to: 3030 }),
      e('Unloaded', { ship: 2008, pi: 0, pv: 0, missiles: 3 }),
      e('FleetMoved', { ship: 2001, to: 2525 }),
      e('Charted', { empire: ALPHA, loc: 3030 }),
    );
    const all = lines(s);
    expect(all).toContain('25-25 Deep Space');
    expect(all).toContain('30-30 Uncolonized Star System, base PV 5, 3 M');
    const at = all.indexOf('30-30 Uncolonized Star System, base PV 5, 3 M');
    expect(all.slice(at + 1, at + 3)).toEqual([
      '  2010  FF1  Frigate         3P/2;;/16-16   SSD  5  SCOUT 30-30 40-40,',
      '        next stop 30-30',
    ]);
    expect(all.indexOf('25-25 Deep Space')).toBeLessThan(at);
    const foreign = then(s, e('FleetMoved', { ship: 2010, to: 5050 }));
    expect(lines(foreign)).toContain('50-50 Star System of an unknown empire');
    // A route of one stop has no next stop to tell.
    const single = then(
      foreign,
      e('OrderGiven', { ships: [2010], order: { kind: 'SCOUT', stops: [5050], next: 0 } }),
    );
    expect(lines(single)).toContain('  2010  FF1  Frigate         3P/2;;/16-16   SSD  5  SCOUT 50-50');
  });
});

describe('the end (§9)', () => {
  it('tells an eliminated empire when it fell, and everyone the final standings', () => {
    const s = then(
      game(),
      e('EmpireEliminated', { empire: BETA, by: ALPHA }),
      e('GameFinished', { turn: 1, winners: [ALPHA] }),
    );
    const all = lines(s);
    const at = all.indexOf('FINAL STANDINGS');
    expect(all.slice(at - 2, at + 5)).toEqual([
      'The game is over. Won by ALPHA.',
      '',
      'FINAL STANDINGS',
      '',
      'Rank  Empire          Result',
      '   1  ALPHA (winner)  100th percentile',
      '   2  BETA            destroyed on 3500-01',
    ]);
    expect(lines(s, BETA)).toContain('Your Home System was destroyed on 3500-01.');
    expect(renderReport(playerView(s)).notices).toContainEqual({ kind: 'news', text: 'The game is over' });
  });
});

describe('the action summary and status (§8.1)', () => {
  it('echoes each action with its result, then the notes and missing ships', () => {
    const s = then(
      game(),
      e('ActionResolved', { empire: ALPHA, result: [1, 'BUILD 10-10 FX Freighter', 'done', ''] }),
      e('ActionResolved', {
        empire: ALPHA,
        result: [2, 'LOAD 1805 10 PI 10 MISS', 'partial', '10 PI, 5 M loaded'],
      }),
      e('ActionResolved', {
        empire: ALPHA,
        result: [3, `NAME 1805 ${'X'.repeat(40)}`, 'failed', 'a ship name has at most 15 characters'],
      }),
      e('Noted', { empire: ALPHA, text: 'Charted 10-13: base PV 7' }),
    );
    s.news[ALPHA].missing.push(4101, 4102);
    const all = lines(s);
    const at = all.indexOf('ACTION SUMMARY');
    expect(all.slice(at, at + 13)).toEqual([
      'ACTION SUMMARY',
      '',
      'Line  Action                            Result',
      '   1  BUILD 10-10 FX Freighter          executed',
      '   2  LOAD 1805 10 PI 10 MISS           partly executed: 10 PI, 5 M loaded',
      `   3  NAME 1805 ${'X'.repeat(40)}`,
      '        failed: a ship name has at most 15 characters',
      '',
      'STATUS',
      '',
      'Charted 10-13: base PV 7',
      'Missing: 4101, 4102',
      '',
    ]);
  });
});

describe('intelligence (§8.3, §7.7)', () => {
  const sighting = (id: number, owner: string, code: string, rating: ReturnType<typeof components>) => ({
    id,
    owner,
    code,
    rating,
    intact: rating,
    ssd: 5,
  });
  const ff1 = components({ p: 3, s: 2, sd: 16, id: 16 });
  /** A combat at 30-30 as recorded (§7.7). */
  const fought = (record: Omit<GtEventMap['CombatFought']['record'], 'loc'>) =>
    e('CombatFought', { record: { loc: 3030, ...record }, missiles: {}, cargo: {}, loose: [], stopped: [] });

  it('reports a combat it survived: own ships first, before and after, the round of each loss', () => {
    const s = then(
      game([ship(2006, 'FF1', 3030), ship(2007, 'FF1', 3030), ship(2005, 'FF1', 3030, BETA)]),
      fought({
        rounds: 3,
        before: [
          sighting(2005, BETA, 'FF1', ff1),
          sighting(2006, ALPHA, 'FF1', ff1),
          sighting(2007, ALPHA, 'FF1', ff1),
        ],
        lost: { 2005: 3, 2007: 2 },
        after: { 2006: { ...ff1, s: 0 } },
      }),
    );
    const all = lines(s);
    const at = all.indexOf('COMBAT REPORT at 30-30, 3 rounds');
    expect(all.slice(at, at + 7)).toEqual([
      'COMBAT REPORT at 30-30, 3 rounds',
      '',
      'Empire  Ship  Code  Before        SSD  After            SSD',
      'ALPHA   2006  FF1   3P/2;;/16-16    5  3P//16-16          3',
      'ALPHA   2007  FF1   3P/2;;/16-16    5  lost in round 2    -',
      'BETA    2005  FF1   3P/2;;/16-16    5  lost in round 3    -',
      '',
    ]);
    expect(renderReport(playerView(s)).notices).toEqual([{ kind: 'combat', text: 'Combat at 30-30' }]);
    // BETA has no survivor: no report, the ship is missing.
    expect(text(s, BETA)).not.toContain('COMBAT REPORT');
    expect(lines(s, BETA)).toContain('Missing: 2005');
  });

  it('keeps a combat of 22-character ratings in one table within 80 columns', () => {
    const nightmare = components({ d: 2, p: 10, t: 2, r: 10, s: 4, h: 2, c: 10, sd: 8, id: 8 });
    const s = then(
      game([ship(2006, 'FF1', 3030), ship(3001, 'FF1', 3030, BETA)]),
      fought({
        rounds: 10,
        before: [2006, 3001].map((id, i) => ({
          ...sighting(id, [ALPHA, BETA][i], 'NM', nightmare),
          ssd: 25,
        })),
        lost: { 3001: 10 },
        after: { 2006: { ...nightmare, s: 0 } },
      }),
    );
    const all = lines(s);
    const at = all.indexOf('COMBAT REPORT at 30-30, 10 rounds');
    expect(all.slice(at + 2, at + 6)).toEqual([
      'Empire  Ship  Code  Before                  SSD  After                  SSD',
      'ALPHA   2006  NM    2D+10P+2T10/4;2;10/8-8   25  2D+10P+2T10/;2;10/8-8   21',
      'BETA    3001  NM    2D+10P+2T10/4;2;10/8-8   25  lost in round 10         -',
      '',
    ]);
  });

  it('prints scout reports, escaped scouts’ estimates and cease-fire encounters', () => {
    const s = then(
      game([ship(2010, 'FF1', 5050)]),
      e('ScoutReported', {
        empire: ALPHA,
        ship: 2010,
        loc: 5050,
        owner: BETA,
        ships: 3,
        ssd: 25,
        largest: 10,
        estimate: false,
      }),
      e('ScoutReported', {
        empire: ALPHA,
        ship: 2010,
        loc: 3030,
        owner: 'uncolonized',
        ships: 1,
        ssd: 5,
        largest: 5,
        estimate: false,
      }),
      e('ScoutReported', {
        empire: ALPHA,
        ship: 2010,
        loc: 6060,
        owner: BETA,
        ships: 0,
        ssd: 0,
        largest: 0,
        estimate: false,
      }),
      // A scout report naming a system's owner teaches its name (§8.5).
      e('ContactMade', { empire: ALPHA, other: BETA }),
      e('ScoutReported', {
        empire: ALPHA,
        ship: 2010,
        loc: 4040,
        owner: 'deep space',
        ships: 0,
        ssd: 30,
        largest: 0,
        estimate: true,
      }),
      e('CeaseFire', {
        loc: 5050,
        sides: [
          { empire: ALPHA, ships: 1, ssd: 5 },
          { empire: BETA, ships: 3, ssd: 25 },
        ],
        kept: [],
      }),
    );
    const all = lines(s);
    expect(all).toEqual(
      expect.arrayContaining([
        'SCOUT REPORTS',
        'Scout 2010 at 50-50, system of BETA: 3 enemy ships, total SSD 25, largest SSD 10',
        'Scout 2010 at 40-40, deep space: caught, escaped; enemy total SSD about 30',
        'Scout 2010 at 30-30, uncolonized star: 1 enemy ship, total SSD 5, largest SSD 5',
        'Scout 2010 at 60-60, system of BETA: no enemy ships',
        'ENCOUNTER at 50-50: cease fire',
        'ALPHA       1          5',
        'BETA        3         25',
      ]),
    );
    expect(text(s, BETA)).not.toContain('SCOUT REPORTS');
  });
});

describe('the first report (§2.6, §8.2)', () => {
  const players = ['Empire 1', 'Empire 2', 'Empire 3'].map((name, i) => ({ id: `p${i + 1}`, name }));
  const first = () =>
    evolveAll(initialState(), setup({ researchVariance: false }, players, createRng('first report', 0)));

  it('holds the WHOLE map, the QUAD map on the home and the shipyard report, within 80 columns', () => {
    const s = first();
    const v = playerView(s, 'p1');
    const all = lines(s, 'p1');
    const home = formatLoc(v.me.home);
    const titles = all.filter((l) => l.startsWith('GALAC-TAC ')).map((l) => l.replace(/ +3500-01$/, ''));
    expect(titles).toEqual([
      'GALAC-TAC ECONOMIC/FLEET REPORT',
      'GALAC-TAC SHIPYARD REPORT',
      'GALAC-TAC GALAXY MAP, west half, 00-00 to 99-49',
      'GALAC-TAC GALAXY MAP, east half, 00-50 to 99-99',
      expect.stringMatching(
        new RegExp(`^GALAC-TAC QUAD MAP centred on ${home}, \\d\\d-\\d\\d to \\d\\d-\\d\\d$`),
      ),
    ]);
    expect(all.filter((l) => l.length > PAGE_WIDTH)).toEqual([]);
    // A row a line, numbered at both ends, a character a square: the home an H, other stars uncharted.
    const grid = (title: string) => {
      const at = all.findIndex((l) => l.includes(title));
      return all.slice(at + 4, at + 104).map((l) => l.slice(3, 53));
    };
    for (const [title, x0] of [
      ['west half', 0],
      ['east half', 50],
    ] as const) {
      const rows = grid(`GALAXY MAP, ${title}`);
      const stars = v.stars.filter((x) => columnOf(x.loc) >= x0 && columnOf(x.loc) < x0 + 50);
      for (const star of stars)
        expect(rows[rowOf(star.loc)][columnOf(star.loc) - x0]).toBe(star.loc === v.me.home ? 'H' : '*');
      expect(rows.join('').match(/[H*]/g)).toHaveLength(stars.length);
    }
  });

  it('GT-25 shipyard report: the TL 1 limits, 29 ships, the Masters’ designs by SSD then number', () => {
    const all = lines(first(), 'p1');
    const at = all.indexOf('Ship design limitations at Tech Level 1');
    expect(all.slice(at, at + 13)).toEqual([
      'Ship design limitations at Tech Level 1',
      '',
      'Min SSD  Max SSD  Star  Inertia    Min SSD  Max SSD  Star  Inertia',
      '      1        2    30       20          3        5    24       16',
      '      6       10    21       14         11       15    18       12',
      '     16       25    15       10         26       30    12        8',
      '     31       35     0        8         36       75     0        0',
      '',
      'Maximum ship size for hangar bay: 5',
      'Maximum P-types allowed per ship: 30',
      'Total number of ships in empire: 29',
      '',
      'Current ship designs of your empire (SSD+)',
    ]);
    const rows = all.slice(at + 15, at + 28).map((l) => l.trim().split(/ {2,}/));
    expect(rows.map((r) => r[1])).toEqual([
      'SC1',
      'FX',
      'CV1A',
      'SK1',
      'FXV',
      'FXX',
      'FXXV',
      'FT1',
      'FF1',
      'FXXX',
      'DD1',
      'CV1J',
      'ST1',
    ]);
    expect(rows.map((r) => r.slice(-2).join('/'))).toEqual([
      '10/10',
      '10/10',
      '0/0',
      '2/2',
      '0/0',
      '0/0',
      '0/0',
      '4/4',
      '0/0',
      '0/0',
      '0/0',
      '1/1',
      '2/2',
    ]);
    expect(rows[12]).toEqual(['12', 'ST1', 'Station', '20P/20;;/', '40', '42', '4', '2', '2']);
  });

  /** The design rows of the shipyard report sorted by `sort`, the first one's lines as printed. */
  const designRows = (s: GtState, sort: 'NAME' | 'SSD+') => {
    const asked = then(s, e('ReportsRequested', { empire: 'p1', maps: [], shipyards: [sort] }));
    const all = lines(asked, 'p1');
    const at = all.indexOf(`Current ship designs of your empire (${sort})`);
    const end = all.indexOf('', at + 2);
    return all.slice(at + 2, end === -1 ? undefined : end);
  };
  const classified = (code: string, name: string, rating: string) =>
    e('DesignClassified', { empire: 'p1', code, name, rating: parseRatingOrThrow(rating) });

  it('keeps the designs in one table within 80 columns, a 22-character rating cut after a "/"', () => {
    const s = then(first(), classified('NM', 'Nightmare', '2D+10P+2T10/4;2;10/8-8'));
    const rows = designRows(s, 'SSD+');
    expect(rows[0]).toBe(' #  Code  Classification  Ship Rating    SSD  Cost  Delay  Built  Active');
    expect(rows.filter((l) => l.length > PAGE_WIDTH)).toEqual([]);
    const nm = rows.findIndex((l) => / NM /.test(l));
    expect(rows.slice(nm, nm + 2)).toEqual([
      '14  NM    Nightmare       2D+10P+2T10/    25   111      3      0       0',
      '                          4;2;10/8-8',
    ]);
    // One row a line for the others.
    expect(rows).toHaveLength(1 + 14 + 1);
  });

  it('sorts SHIPYARD NAME ignoring case, ties by design number', () => {
    const s = then(first(), classified('BMB', 'bomber', '4P//-16'), classified('ZZ', 'ZULU', '4P//-16'));
    const names = designRows(s, 'NAME')
      .slice(1)
      .map((l) => l.trim().split(/ {2,}/));
    expect(names.map((r) => r[2])).toEqual([
      'bomber',
      'Carrier, Jeep',
      'Carrier, Light',
      'Destroyer',
      'Fighter',
      'Freighter',
      'Freighter',
      'Freighter',
      'Freighter',
      'Freighter',
      'Frigate',
      'Scout Ship',
      'Skirmisher',
      'Station',
      'ZULU',
    ]);
    expect(names.filter((r) => r[2] === 'Freighter').map((r) => r[1])).toEqual([
      'FX',
      'FXV',
      'FXX',
      'FXXV',
      'FXXX',
    ]);
  });

  it('has no maps nor shipyard report afterwards unless requested, then the ones requested', () => {
    const next = then(first(), e('TurnBegan', { turn: 1 }), e('TurnCompleted', { turn: 1 }));
    expect(text(next, 'p1')).not.toMatch(/MAP|SHIPYARD/);
    const asked = then(
      next,
      e('ReportsRequested', {
        empire: 'p1',
        maps: [
          { type: 'PV', center: 5050 },
          { type: 'QUAD', center: null },
          { type: 'QUAD', center: null },
        ],
        shipyards: ['CODE'],
      }),
    );
    const titles = lines(asked, 'p1').filter(
      (l) => l.startsWith('GALAC-TAC ') || l.startsWith('Current ship'),
    );
    expect(titles.map((l) => l.replace(/ +3500-02$/, ''))).toEqual([
      'GALAC-TAC ECONOMIC/FLEET REPORT',
      'GALAC-TAC SHIPYARD REPORT',
      'Current ship designs of your empire (CODE)',
      'GALAC-TAC QUAD MAP, north-west quadrant, 00-00 to 49-49',
      'GALAC-TAC QUAD MAP, north-east quadrant, 00-50 to 49-99',
      'GALAC-TAC QUAD MAP, south-west quadrant, 50-00 to 99-49',
      'GALAC-TAC QUAD MAP, south-east quadrant, 50-50 to 99-99',
      'GALAC-TAC PV MAP centred on 50-50, 25-25 to 74-74',
    ]);
  });
});

describe('a resolved fortnight', () => {
  it('prints every empire’s report within 80 columns, with the actions and the reports asked for', () => {
    const players = ['Empire 1', 'Empire 2'].map((name, i) => ({ id: `p${i + 1}`, name }));
    let s = evolveAll(initialState(), setup({ researchVariance: false }, players, createRng('resolved', 0)));
    const v = playerView(s, 'p1');
    const home = formatLoc(v.me.home);
    const [scout, charter] = v.ships.filter((x) => x.code === 'SC1');
    const other = formatLoc(s.empires[1].home);
    const star = formatLoc(v.stars.find((x) => x.own === null)!.loc);
    const orders = parseOrders(
      [
        `SCOUT ${scout.id} ${other}`,
        `CHART ${charter.id} ${star}`,
        `BUILD ${home} ST1 GUARDIAN`,
        'MAP PV',
        'SHIPYARD NAME',
        'FOO 1 2',
      ].join('\n'),
    ).orders;
    s = resolveFortnight(s, { p1: orders }, createRng('resolved', 1)).state;
    for (const id of ['p1', 'p2']) expect(lines(s, id).filter((l) => l.length > PAGE_WIDTH)).toEqual([]);
    const all = lines(s, 'p1');
    expect(all.filter((l) => /^ {3}\d {2}/.test(l))).toHaveLength(6);
    expect(all).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ {3}6 {2}FOO 1 2 +failed: /),
        'Current ship designs of your empire (NAME)',
        expect.stringMatching(new RegExp(`^GALAC-TAC PV MAP centred on ${home}, `)),
      ]),
    );
    expect(all.join('\n')).toMatch(/^Dry dock: \d+ ST1 GUARDIAN due 3500-05 Tech 1, 25% complete$/m);
  });
});

describe('maps (§3, §4.4 MAP)', () => {
  it('shows base PV only of charted stars, own systems by letter, and keeps a window in the galaxy', () => {
    const s = then(
      game(),
      e('Charted', { empire: ALPHA, loc: 1013 }),
      e('ReportsRequested', {
        empire: ALPHA,
        maps: [
          { type: 'QUAD', center: null },
          { type: 'PV', center: null },
        ],
        shipyards: [],
      }),
    );
    const all = lines(s);
    const quad = all.indexOf(all.find((l) => l.includes('QUAD MAP centred on 10-10, 00-00 to 49-49'))!);
    const pv = all.indexOf(all.find((l) => l.includes('PV MAP centred on 10-10'))!);
    const row10 = (from: number) => all.slice(from).find((l) => l.startsWith('10 '))!;
    expect(row10(quad).slice(3, 3 + 15)).toBe('.    .    H  7 ');
    expect(row10(pv).slice(3, 3 + 15)).toBe('.    .    X  7 ');
    // 30-30 is uncharted: a star, no PV.
    const row30 = all.slice(quad).find((l) => l.startsWith('30 '))!;
    expect(row30[3 + 30]).toBe('*');
  });
});

describe('pushes (§8.5)', () => {
  it('tell a name learned this fortnight once, as a contact, and a scout report as news', () => {
    const met = evolveAll(game(), [
      e('TurnBegan', { turn: 1 }),
      e('ContactMade', { empire: ALPHA, other: BETA }),
      e('ScoutReported', {
        empire: ALPHA,
        ship: 1001,
        loc: 5050,
        owner: BETA,
        ships: 2,
        ssd: 10,
        largest: 5,
        estimate: false,
      }),
    ]);
    expect(renderReport(playerView(met)).notices).toEqual([
      { kind: 'contact', text: 'You have met BETA' },
      { kind: 'news', text: 'Scout 1001 reports from 50-50' },
    ]);
    // Known already: no news of it the next fortnight, nor for the other side, which learned nothing.
    const again = evolveAll(met, [
      e('TurnBegan', { turn: 2 }),
      e('ContactMade', { empire: ALPHA, other: BETA }),
    ]);
    expect(renderReport(playerView(again)).notices).toEqual([]);
    expect(renderReport(playerView(met, BETA)).notices).toEqual([]);
  });
});
