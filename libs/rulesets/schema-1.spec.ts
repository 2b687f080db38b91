import {
  evolveGame,
  foldGame,
  stateHash,
  upcast,
  verifyTurn,
  type Game,
  type StoredEvent,
} from '@warpgate/engine';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getRuleset } from './index';

/**
 * Whole game streams as the platform stored them before event schema versions were raised (every
 * event of schema version 1: Galaxy's TurnCompleted carried the state, reports were stored whole),
 * recorded once in test/fixtures and never regenerated. The current code reads them through upcast.
 * Galactic Conflict's game is also kept as its events of schema 2 told it.
 */

type Recorded = StoredEvent & { id: string };

const recorded = (file: string): Recorded[] =>
  (
    JSON.parse(readFileSync(join(__dirname, '../../test/fixtures', file), 'utf8')) as (Recorded & {
      time: string;
    })[]
  ).map((e) => ({ ...e, time: new Date(e.time) }));

describe.each([
  ['galaxy', 1, 4],
  ['galactic-conflict', 1, 5],
  // The same game as Galactic Conflict's events of schema 2 told it (OrdersChecked, BattleFought).
  ['galactic-conflict', 2, 5],
  // A Galaxy game of rules 2 whose OrdersCarriedOut told each send on its own (schema 1).
  ['galaxy', 2, 4],
] as const)('a %s game stored with schema %i', (id, schema, turns) => {
  const events = recorded(`${id}-schema-${schema}.json`);
  const ruleset = getRuleset(id);

  it('folds to the state hash each TurnResolved recorded', () => {
    let game: Game | undefined;
    const hashes: { folded: string; recorded: string }[] = [];
    for (const e of events) {
      game = evolveGame(ruleset, game, e);
      if (e.type === 'TurnResolved')
        hashes.push({ folded: stateHash(game.state), recorded: (e.data as { stateHash: string }).stateHash });
    }
    expect(hashes).toHaveLength(turns);
    for (const { folded, recorded } of hashes) expect(folded).toBe(recorded);
  });

  it('folds at once (foldGame, runs of ruleset events together) to the game folded event by event', () => {
    const byEvent = events.reduce<Game | undefined>((game, e) => evolveGame(ruleset, game, e), undefined);
    expect(foldGame(ruleset, events)).toEqual(byEvent);
  });

  // Its events tell the turns in other events than resolving them again does now: the states must match.
  it('verifies every turn by the state it led to', () => {
    let game: Game | undefined;
    const verified = [];
    for (const [i, e] of events.entries()) {
      game = evolveGame(ruleset, game, e);
      if (e.type !== 'TurnClosed') continue;
      const end = events.findIndex((x, k) => k > i && (x.type === 'TurnOpened' || x.type === 'GameEnded'));
      const after = events.slice(i + 1, end + 1);
      // As stored, and as read (upcast) already.
      verified.push(
        verifyTurn(ruleset, game, after),
        verifyTurn(
          ruleset,
          game,
          after.map((x) => upcast(ruleset, x)),
        ),
      );
    }
    expect(verified).toHaveLength(2 * turns);
    for (const v of verified)
      expect(v).toMatchObject({ matches: true, compared: 'state', firstDifference: null });
  });
});
