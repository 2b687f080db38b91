import type { GameEventMap } from '@warpgate/contracts';
import {
  auditTurn,
  closeTurn,
  createGame,
  createRng,
  DRAWS_PAGE,
  joinGame,
  recordDraws,
  resolveClosedTurn,
  startGame,
  submitOrders,
  verifyGame,
  type Recorded,
} from '@warpgate/engine';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { designOf } from './galac-tac/evolve';
import { formatLoc, type GtState } from './galac-tac/state';
import { getRuleset } from './index';
import { recorder } from './record';

/** The recorded games of test/fixtures (see schema-1.spec.ts), verified whole as the current code reads them. */
const recorded = (file: string): Recorded[] =>
  (
    JSON.parse(readFileSync(join(__dirname, '../../test/fixtures', file), 'utf8')) as (Recorded & {
      time: string;
    })[]
  ).map((e) => ({ ...e, time: new Date(e.time) }));

/**
 * A Galac-Tac game of `turns` fortnights decided and recorded now (no fixture of it is stored):
 * each empire defends its home, sends a scout and a freighter to the other's (a combat once they
 * arrive), builds, researches, makes and loads missiles.
 */
function playedGalacTac(turns: number): Recorded[] {
  const ruleset = getRuleset('galac-tac');
  const now = new Date('2030-01-01T00:00:00Z');
  const admin = { id: 'admin', role: 'admin' as const };
  const players = [
    { id: 'a', role: 'player' as const },
    { id: 'b', role: 'player' as const },
  ];
  const { record, append, game } = recorder(ruleset, now);
  const input = { ruleset: ruleset.id, name: 'Verified', schedule: { kind: 'period', minutes: 60 } as const };
  append(createGame(ruleset, input, admin, { gameId: 'g', seed: 'verify' }, now));
  append(joinGame(ruleset, game(), players[0], 'ALTAIR', now));
  append(joinGame(ruleset, game(), players[1], 'BETELGEUSE', now));
  append(startGame(ruleset, game(), admin, now));
  const orders = (s: GtState, empire: string, other: string) => {
    const ships = (code: string) =>
      s.ships.filter((x) => x.owner === empire && designOf(s, x).code === code).map((x) => x.id);
    const [home, away] = [empire, other].map((id) => formatLoc(s.empires.find((e) => e.id === id)!.home));
    return s.turn > 1
      ? `RESEARCH ${home} 10`
      : [
          `DEFEND ${ships('ST1').join(' ')}`,
          `SCOUT ${ships('SC1')[0]} ${away}`,
          `TO ${ships('FX')[0]} ${away}`,
          `BUILD ${home} FF1 Guard`,
          `MISSILES ${home} 10`,
          `LOAD ${ships('FX')[1]} 5 MISS`,
        ].join('\n');
  };
  for (let turn = 1; turn <= turns; turn++) {
    const s = game().state as GtState;
    players.forEach((p, i) =>
      append(
        submitOrders(ruleset, game(), p, { text: orders(s, p.id, players[1 - i].id) }, `s${turn}${p.id}`),
      ),
    );
    append(closeTurn(game(), turn, 'admin', now));
    append(resolveClosedTurn(ruleset, game()));
  }
  return record;
}

const PLAYED = 'a game played now';

describe.each([
  ['galaxy', 'galaxy-schema-1.json', 4],
  ['galactic-conflict', 'galactic-conflict-schema-1.json', 5],
  ['galactic-conflict', 'galactic-conflict-schema-2.json', 5],
  ['galac-tac', PLAYED, 6],
] as const)('the %s game of %s', (id, file, turns) => {
  const ruleset = getRuleset(id);
  let events: Recorded[] = [];
  /** The ruleset's last event in the record: the last resolution's. */
  let last = -1;
  // Read (or played) in a test, not while collecting them: a ruleset that throws fails its own tests only.
  beforeAll(() => {
    events = file === PLAYED ? playedGalacTac(turns) : recorded(file);
    last = events.map((e) => e.type.startsWith(`${id}.`)).lastIndexOf(true);
  });

  it('verifies whole: its setup and every turn re-run', () => {
    expect(verifyGame(ruleset, events)).toEqual({
      verified: true,
      resolutions: turns + 1,
      turns,
      firstDifference: null,
    });
  });

  it('tampered with, names the first event that differs, with both versions', () => {
    const at = events.map((e) => e.type).lastIndexOf('TurnResolved');
    const tampered = events.map((e, i) =>
      i === at ? { ...e, data: { ...(e.data as object), stateHash: 'x' } } : e,
    );
    expect(verifyGame(ruleset, tampered)).toMatchObject({
      verified: false,
      resolutions: turns,
      firstDifference: {
        turn: (events[at].data as GameEventMap['TurnResolved']).turn,
        stored: { revision: events[at].revision, type: 'TurnResolved', data: { stateHash: 'x' } },
        recomputed: { type: 'TurnResolved', data: events[at].data },
      },
    });
  });

  it('that cannot be folded, names the event', () => {
    const start = events.findIndex((e) => e.type === 'GameStarted');
    const [second] = events.splice(start + 1, 1);
    try {
      expect(verifyGame(ruleset, [second, ...events])).toMatchObject({
        verified: false,
        resolutions: 0,
        firstDifference: {
          stored: { revision: second.revision },
          recomputed: null,
          error: expect.any(String),
        },
      });
    } finally {
      events.splice(start + 1, 0, second);
    }
  });

  it('made to break a resolution, is refused, not thrown', () => {
    const broken = [
      { ...events[0], data: { ...(events[0].data as object), settings: null } },
      ...events.slice(1),
    ];
    expect(verifyGame(ruleset, broken)).toMatchObject({
      verified: false,
      resolutions: 0,
      firstDifference: {
        stored: { type: 'GameStarted' },
        error: expect.stringContaining('resolving it again failed'),
      },
    });
  });

  /** The record with `at` events replaced by `put`, renumbered as a store would number them. */
  const changed = (at: number, remove: number, ...put: Recorded[]) =>
    [...events.slice(0, at), ...put, ...events.slice(at + remove)].map((e, revision) => ({ ...e, revision }));
  const copy = (e: Recorded): Recorded => ({ ...e, id: '00000000-0000-4000-8000-000000000000' });

  it('with an event of a resolution taken out is refused, the state told in other events too', () => {
    expect(verifyGame(ruleset, changed(last, 1)).verified).toBe(false);
  });

  it('with an event of a resolution put after the end is refused', () => {
    expect(verifyGame(ruleset, changed(events.length, 0, copy(events[last])))).toMatchObject({
      verified: false,
      firstDifference: { stored: { type: events[last].type }, error: expect.any(String) },
    });
  });

  it('with schema versions its events never had is refused', () => {
    for (const metadata of [{ schemaVersion: 1, upcastFrom: 0 }, { schemaVersion: 99 }, { schemaVersion: 0 }])
      expect(verifyGame(ruleset, changed(last, 1, { ...events[last], metadata }))).toMatchObject({
        verified: false,
        firstDifference: { stored: { revision: last }, error: expect.stringContaining('schema') },
      });
  });

  it("audits the setup's draws, which a new Rng of its seed reproduces", () => {
    expect(auditTurn(ruleset, events, 0).resolutions[0].draws).toBeNull();
    const { resolutions } = auditTurn(ruleset, events, 0, { from: 0 });
    expect(resolutions).toHaveLength(1);
    const [{ draws, verification }] = resolutions;
    expect(verification.matches).toBe(true);
    expect(draws!.page.length).toBeGreaterThan(0);
    expect(draws!.page.length).toBe(Math.min(draws!.total, DRAWS_PAGE));
    const rest = auditTurn(ruleset, events, 0, { from: DRAWS_PAGE }).resolutions[0].draws!;
    expect(rest.page).toHaveLength(Math.max(0, draws!.total - DRAWS_PAGE));
    const rng = createRng((events[0].data as GameEventMap['GameCreated']).seed, 0);
    for (const { method, args, result } of [...draws!.page, ...rest.page])
      expect((rng[method] as (...a: unknown[]) => unknown)(...args)).toEqual(result);
  });
});

it('records every method of an Rng', () => {
  const rng = createRng('seed', 1);
  expect(Object.keys(recordDraws(rng).rng).sort()).toEqual(Object.keys(rng).sort());
});
