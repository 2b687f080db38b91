import { createRng, type RulesetEvent } from '@warpgate/engine';
import { empireById, evolveAll, shipNamed } from './evolve';
import { setup } from './setup';
import { initialState, sfEvent, systemOf, type EmpireId, type SfState } from './state';

/**
 * States for the view and report specs: a three-player game from the real setup (NPRs on), then a
 * month's worth of facts from the parts' events, chosen so that P2 has secrets P1 must never see.
 */

export const P1 = 'p1';
export const P2 = 'p2';
export const P3 = 'p3';
export const PLAYERS = [
  { id: P1, name: 'Vegans' },
  { id: P2, name: 'Altairians' },
  { id: P3, name: 'Rigellians' },
];

/** P2's secrets: its treasury, a design never seen by P1, its research queue. */
export const SECRET_TREASURY = 777;
export const UNSEEN_DESIGN = 'SSSS??OEE';
export const SECRET_RESEARCH = 'BEAM1';
/** A P2 design P1 fought (and so knows), and the task force P1 saw it in (a name P1 must not learn). */
export const REVEALED_DESIGN = 'AAASOOOEE';
export const SEEN_TF = 'NEW7';

/** The game just set up: month 1, default packages. */
export const freshGame = (players = PLAYERS): SfState =>
  evolveAll(initialState(), setup({}, players, createRng('sf-view', 3)));

/** The other system a P2 survey reports: one P1 has not visited. */
export const p2Surveyed = (s: SfState): number =>
  (s.systems.find((x) => !empireById(s, P1).visited.includes(x.id) && x.bodies.length > 0) ?? s.systems[0])
    .id;

/**
 * Month 1 played out by hand: P2 gets rich, builds and orders an unseen design, surveys a system P1
 * never visited, researches, proposes to P1 and to P3; a P2 ship of REVEALED_DESIGN comes to P1's home,
 * is sighted, met and fought in week 1; P1 gets order outcomes, a survey under way and a job.
 */
export function playedMonth(players = PLAYERS): SfState {
  const s0 = freshGame(players);
  const home1 = empireById(s0, P1).home;
  const home2 = empireById(s0, P2).home;
  const surveyed = p2Surveyed(s0);
  let id = s0.nextShip;
  const crew = { level: 'GRN' as const };
  const p2Ship = (cls: string, design: string, area: string, tf: string) =>
    sfEvent('ShipCommissioned', {
      ship: id++,
      owner: P2,
      kind: 'ship',
      cls,
      number: 1,
      design,
      crew,
      area,
      tf,
    });
  const raider = id + 1;
  const dd1 = (shipNamed(s0, P1, 'DD1') ?? { id: 0 }).id;
  const events: RulesetEvent[] = [
    sfEvent('RevenueCollected', { empire: P2, areas: SECRET_TREASURY, captured: 0, trade: 0 }),
    p2Ship('XB', UNSEEN_DESIGN, home2, 'TF1'),
    p2Ship('RV', REVEALED_DESIGN, home1, SEEN_TF),
    sfEvent('JobOrdered', {
      job: {
        id: s0.nextJob,
        owner: P2,
        builder: { area: home2 },
        item: { kind: 'ship', cls: 'XB', design: UNSEEN_DESIGN },
        cost: 9,
        paid: 0,
        built: 0,
        ordered: 1,
      },
    }),
    sfEvent('JobOrdered', {
      job: {
        id: s0.nextJob + 1,
        owner: P1,
        builder: { area: home1 },
        item: { kind: 'ship', cls: 'DD', design: 'SOE' },
        cost: 3,
        paid: 3,
        built: 0,
        ordered: 1,
      },
    }),
    sfEvent('SystemSurveyed', {
      empire: P2,
      tf: 'TF1',
      record: {
        system: surveyed,
        month: 1,
        areas: s0.systems[surveyed - 1].bodies.map((b) => ({ area: b.area, owner: b.owner, currentEp: 3 })),
      },
    }),
    sfEvent('ResearchQueueSet', { empire: P2, queue: [SECRET_RESEARCH] }),
    sfEvent('ProposalMade', { from: P2, to: P3, treaty: 'nap' }),
    sfEvent('ProposalMade', { from: P2, to: P1, treaty: 'economic' }),
    sfEvent('OrderResolved', {
      empire: P1,
      line: 2,
      week: null,
      order: `BUILD ${home1} DD "SOE"`,
      outcome: 'done',
      code: null,
      text: 'job ordered',
    }),
    sfEvent('RouteSet', { owner: P1, tf: 'TF1', route: [], survey: systemOf(home1) }),
    sfEvent('WeekBegan', { week: 1 }),
    sfEvent('ContactMade', { empire: P1, other: P2, area: home1 }),
    ...s0.empires
      .filter((e) => e.kind === 'npr')
      .slice(0, 1)
      .map((npr) => sfEvent('ContactMade', { empire: P1, other: npr.id, area: home1 })),
    sfEvent('Sighted', {
      empire: P1,
      sighting: {
        area: home1,
        owner: P2,
        month: 1,
        week: 1,
        units: [{ kind: 'ship', size: 9, count: 1, tf: SEEN_TF }],
      },
      planet: false,
    }),
    sfEvent('BattleBegan', { area: home1, week: 1, sides: [[P1], [P2]] }),
    sfEvent('RoundBegan', {
      area: home1,
      round: 1,
      initiative: [
        { side: 0, roll: 5, total: 6 },
        { side: 1, roll: 3, total: 3 },
      ],
    }),
    sfEvent('Shot', {
      area: home1,
      round: 1,
      by: { ship: dd1 },
      at: { ship: raider },
      rolls: [7],
      hits: { beam: 1, missile: 0 },
      saves: [],
      saved: 0,
      systems: [0],
      craft: 0,
    }),
    sfEvent('BattleEnded', { area: home1, rounds: 1, end: 'broken off' }),
    sfEvent('OrderResolved', {
      empire: P1,
      line: null,
      week: 1,
      order: null,
      outcome: 'rejected',
      code: 'UNKNOWN_WP',
      text: "TF2's route is dropped: warp point 9 WP02 is not known",
    }),
    sfEvent('SurveyProgressed', { owner: P1, tf: 'TF1', weeks: 1 }),
    sfEvent('WeeksEnded', {}),
  ];
  const s = evolveAll(s0, events);
  // No event records a design seen in battle yet (§8.1): set as the combat part will.
  empireById(s, P1).revealed.push({ owner: P2, ship: 'RV1', design: REVEALED_DESIGN });
  return s;
}

/** Areas of the bodies of systems `empire` has not visited: unsurveyed and unseen (§8.1). */
export const unseenBodies = (s: SfState, empire: EmpireId): string[] =>
  s.systems
    .filter((x) => !empireById(s, empire).visited.includes(x.id))
    .flatMap((x) => x.bodies.map((b) => b.area));

/** The hidden ends (§3.1) of the WPs into `empire`'s visited systems that it does not know. */
export const hiddenEnds = (s: SfState, empire: EmpireId): string[] => {
  const e = empireById(s, empire);
  return s.links
    .map((l) => `${l.to} WP${String(l.from).padStart(2, '0')}`)
    .filter((area) => !e.knownWps.includes(area));
};
