import {
  closeTurn,
  createGame,
  joinGame,
  openDispute,
  ruleDispute,
  startGame,
  submitOrders,
  voidTurn,
  type Game,
} from '@warpgate/engine';
import { GameStore } from '@warpgate/platform';
import { getRuleset } from '@warpgate/rulesets';
import { formatOrder, type GcOrder, type GcState } from '@warpgate/rulesets/galactic-conflict';
import type { GalaxyOrder, GalaxyState } from '@warpgate/rulesets/galaxy';
import { randomUUID } from 'node:crypto';

const ADMIN = { id: 'played-game-admin', role: 'admin' as const };

export interface PlayedGame {
  ruleset: string;
  /** Seats, in order: player i is `player-<i>` and plays `empires[i]`. */
  empires: string[];
  settings?: Record<string, number | boolean | string>;
  /** Turns resolved (fewer if the game ends first). */
  turns: number;
  /** Each player's orders for the open turn: in JSON form, or a text as typed. */
  orders: (game: Game, playerId: string) => unknown[] | string;
  gameId?: string;
}

/**
 * A game played through GameStore as the api and the worker play it, without HTTP or accounts: created,
 * joined, started, then each turn every player's orders, an admin's close, the resolution.
 * Returns the game id.
 */
export async function playGame(games: GameStore, spec: PlayedGame): Promise<string> {
  const gameId = spec.gameId ?? randomUUID();
  const ruleset = getRuleset(spec.ruleset);
  const input = {
    ruleset: ruleset.id,
    name: `Played ${ruleset.id}`,
    schedule: { kind: 'period', minutes: 60 } as const,
    maxPlayers: spec.empires.length,
    settings: spec.settings,
  };
  await games.create(
    gameId,
    createGame(ruleset, input, ADMIN, { gameId, seed: gameId }, new Date()),
    ADMIN.id,
  );
  const players = spec.empires.map((_, i) => ({ id: `player-${i}`, role: 'player' as const }));
  for (const [i, player] of players.entries())
    await games.execute(gameId, player.id, ({ game }) =>
      joinGame(ruleset, game, player, spec.empires[i], new Date()),
    );
  await games.execute(gameId, ADMIN.id, ({ game }) => startGame(ruleset, game, ADMIN, new Date()));
  for (let turn = 1; turn <= spec.turns; turn++) {
    for (const player of players)
      await games.execute(gameId, player.id, ({ game }) => {
        const orders = spec.orders(game, player.id);
        const input = typeof orders === 'string' ? { text: orders } : { orders };
        return submitOrders(ruleset, game, player, input, randomUUID()).events;
      });
    await games.execute(gameId, ADMIN.id, ({ game }) => closeTurn(game, turn, 'admin', new Date()));
    await games.resolve(gameId, turn);
    if ((await games.load(gameId)).game.status === 'ended') break;
  }
  return gameId;
}

const hexDistance = (a: { q: number; r: number }, b: { q: number; r: number }) =>
  (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.q - b.q + a.r - b.r)) / 2;

/**
 * Galactic Conflict: every own world attacks its nearest foreign world with half its AF and spends its
 * Econ on AF and CP; as a player does, the builds are written only where they are not the world's
 * standing builds already (which are reused every turn, digest §4.11).
 */
export function gcOrders(game: Game, playerId: string): GcOrder[] {
  const { worlds } = game.state as GcState;
  const foreign = worlds.filter((w) => w.owner !== playerId);
  return worlds
    .filter((w) => w.owner === playerId)
    .flatMap((w): GcOrder[] => {
      const target = foreign.reduce((best, t) => (hexDistance(t, w) < hexDistance(best, w) ? t : best));
      const builds = [
        { type: 'build' as const, world: w.number, item: 'AF' as const, econ: Math.ceil(w.econ / 2) },
        { type: 'build' as const, world: w.number, item: 'CP' as const, econ: Math.floor(w.econ / 2) },
      ].filter((b) => b.econ > 0);
      const standing = JSON.stringify(builds) === JSON.stringify(w.standingBuilds);
      return [
        ...(w.af > 1
          ? [{ type: 'attack' as const, from: w.number, to: target.number, count: Math.floor(w.af / 2) }]
          : []),
        ...(standing ? [] : builds),
      ];
    });
}

/** gcOrders as a Galactic Conflict player writes them: one a line, in the book's syntax. */
export const gcText = (game: Game, playerId: string): string =>
  gcOrders(game, playerId).map(formatOrder).join('\n');

/** Galaxy: a warship type designed, built on every own planet, and every group at a planet sent on. */
export function galaxyOrders(game: Game, playerId: string): GalaxyOrder[] {
  const { races, planets } = game.state as GalaxyState;
  const race = races.find((r) => r.id === playerId)!;
  return [
    ...(race.types.length === 0
      ? [{ type: 'design' as const, name: 'Raider', drive: 4, attacks: 1, weapons: 2, shields: 2, cargo: 0 }]
      : []),
    ...planets
      .filter((p) => p.owner === playerId)
      .map((p) => ({ type: 'produce' as const, planet: p.name, what: 'Raider' })),
    ...race.groups
      .filter((g) => g.origin === null)
      .map((g) => ({
        type: 'send' as const,
        group: g.number,
        planet: planets[(g.planet * 7 + g.number) % planets.length].name,
        ships: 0,
      })),
  ];
}

/**
 * Turn `turn` of a game playGame played, voided as after a dispute: `player-0` says their orders were
 * lost, an admin upholds it and voids the turn, to be resolved again without that player's orders
 * (another outcome). Not resolved again here. Returns that player's id.
 */
export async function voidTurnOf(games: GameStore, gameId: string, turn: number): Promise<string> {
  const admin = { id: 'void-admin', role: 'admin' as const };
  const player = { id: 'player-0', role: 'player' as const };
  const disputeId = randomUUID();
  await games.execute(gameId, player.id, ({ game }) => openDispute(game, player, turn, 'lost', disputeId));
  await games.execute(gameId, admin.id, ({ game }) =>
    ruleDispute(game, admin, disputeId, { upheld: true, note: 'lost indeed' }),
  );
  const voiding = { turn, disputeId, reason: 'orders lost', amended: [{ playerId: player.id, orders: [] }] };
  await games.execute(gameId, admin.id, ({ game, ruleset }) =>
    voidTurn(ruleset, game, admin, voiding, [randomUUID()], new Date()),
  );
  return player.id;
}
