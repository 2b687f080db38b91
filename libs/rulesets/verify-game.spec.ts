import type { GameEventMap } from '@warpgate/contracts';
import { auditTurn, createRng, DRAWS_PAGE, recordDraws, verifyGame, type Recorded } from '@warpgate/engine';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getRuleset } from './index';

/** The recorded games of test/fixtures (see schema-1.spec.ts), verified whole as the current code reads them. */
const recorded = (file: string): Recorded[] =>
  (
    JSON.parse(readFileSync(join(__dirname, '../../test/fixtures', file), 'utf8')) as (Recorded & {
      time: string;
    })[]
  ).map((e) => ({ ...e, time: new Date(e.time) }));

describe.each([
  ['galaxy', 'galaxy-schema-1.json', 4],
  ['galactic-conflict', 'galactic-conflict-schema-1.json', 5],
  ['galactic-conflict', 'galactic-conflict-schema-2.json', 5],
] as const)('the %s game of %s', (id, file, turns) => {
  const events = recorded(file);
  const ruleset = getRuleset(id);

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
  /** The ruleset's last event in the record: the last resolution's. */
  const last = events.map((e) => e.type.startsWith(`${id}.`)).lastIndexOf(true);
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
