import 'reflect-metadata';
import { eventMetadata, gameStream, type GameEventMap } from '@warpgate/contracts';
import {
  closeTurn,
  createGame,
  createRng,
  evolveGame,
  foldGame,
  joinGame,
  resolveClosedTurn,
  startGame,
  submitOrders,
  submittedOrders,
  type Ruleset,
  withMetadata,
  type Game,
  type NewEvent,
} from '@warpgate/engine';
import { SqliteEventStore, type RecordedEvent } from '@warpgate/event-store';
import { foldVersion, GameStore, SnapshotStore } from '@warpgate/platform';
import { getRuleset } from '@warpgate/rulesets';
import { formatOrder, galaxy, type GalaxyOrder } from '@warpgate/rulesets/galaxy';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, startProcess, testEnv } from '../support/app';
import { galaxyOrders, gcText, playGame } from '../support/played-game';
import { position, orders as positionOrders } from './galaxy.bench';
import { elapsedMs, fmt, median } from './stats';

/**
 * The budgets of issue 9, each next to its target: store growth per turn (whole stream: the
 * platform's events and the ruleset's), cold load of a big Galaxy game from its snapshot, the api's
 * memory with 100 of them loaded, and the replay fold of a Galactic Conflict stream.
 */

const KB = 1024;
const MB = 1024 * KB;
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

type Stored = { type: string; data: unknown; metadata?: unknown };
/** What the store keeps of an event: its data and metadata as JSON, and its type. */
const storedBytes = (e: Stored) =>
  Buffer.byteLength(JSON.stringify(e.data)) +
  Buffer.byteLength(JSON.stringify(e.metadata ?? {})) +
  e.type.length;
const sum = (events: Stored[]) => events.reduce((n, e) => n + storedBytes(e), 0);

/** Where the bytes of `turns` turns go, a turn's worth of each. */
function breakdown(ruleset: Ruleset, events: Stored[], turns: number) {
  const kb = (test: (type: string) => boolean) =>
    fmt(sum(events.filter((e) => test(e.type))) / turns / KB, 1);
  const orders = events
    .filter((e) => e.type === 'OrdersSubmitted')
    .reduce((n, e) => n + submittedOrders(ruleset, e.data as GameEventMap['OrdersSubmitted']).length, 0);
  const platform = (t: string) => !t.includes('.');
  return (
    `the ruleset's events ${kb((t) => !platform(t))} KB, orders ${kb((t) => t === 'OrdersSubmitted')} KB ` +
    `(${fmt(orders / turns, 0)} orders), report hashes ${kb((t) => t === 'ReportIssued')} KB, ` +
    `other platform events ${kb((t) => platform(t) && t !== 'OrdersSubmitted' && t !== 'ReportIssued')} KB`
  );
}

/** The bytes each resolved turn added: from after one TurnOpened through the next (or GameEnded). */
function perTurn(events: RecordedEvent[]): number[] {
  const ends = events.flatMap((e, i) => (e.type === 'TurnOpened' || e.type === 'GameEnded' ? [i] : []));
  return ends.slice(1).map((end, k) => sum(events.slice(ends[k] + 1, end + 1)));
}

/** A race's orders as its player mails them: one line each, in the book's format. */
const written = (race: string, orders: GalaxyOrder[]) =>
  [{ type: 'header' as const, game: 'Position', race, password: null }, ...orders]
    .map(formatOrder)
    .concat('#END')
    .join('\n');

/**
 * Galaxy's bench position (30 races, 600 planets, 20,000 groups) as a platform game: its orders
 * submitted as text, the turn closed and resolved; the bytes all of that appends.
 */
function galaxyTurn(): Stored[] {
  const rng = createRng('galaxy-bench', 0);
  const state = position('galaxy-bench', rng);
  const byPlayer = positionOrders(state, rng);
  const admin = { id: 'admin', role: 'admin' as const };
  const now = new Date();
  let revision = 0;
  let game: Game | undefined;
  const appended: NewEvent[] = [];
  const apply = (events: NewEvent[]) => {
    for (const e of events) game = evolveGame(galaxy, game, { ...e, revision: revision++, time: now });
    return events;
  };
  const input = { ruleset: galaxy.id, name: 'Position', schedule: { kind: 'period', minutes: 60 } as const };
  apply(
    createGame(
      galaxy,
      { ...input, maxPlayers: 50 },
      admin,
      { gameId: 'position', seed: 'galaxy-bench' },
      now,
    ),
  );
  for (const race of state.races)
    apply(joinGame(galaxy, game!, { id: race.id, role: 'player' }, race.name, now));
  apply(startGame(galaxy, game!, admin, now));
  game = { ...game!, state };
  for (const race of state.races)
    appended.push(
      ...apply(
        submitOrders(
          galaxy,
          game!,
          { id: race.id, role: 'player' },
          { text: written(race.name, byPlayer[race.id]) },
          `s-${race.id}`,
        ).events,
      ),
    );
  appended.push(...apply(closeTurn(game!, game!.turn, 'admin', now)));
  const resolved = resolveClosedTurn(galaxy, game!);
  return withMetadata(galaxy, [...appended, ...resolved], eventMetadata('system', 'bench'));
}

/** `turns` of the big Galaxy game: 50 races on 6,550 planets (the most the settings allow). */
const BIG = { races: 50, turns: 20, settings: { devPlanets: 30, fillerPlanets: 100 } };
/** Games the api loads for the memory budget. */
const LOADED = 100;

export async function bench() {
  const env = testEnv();
  const store = new SqliteEventStore(env.EVENTSTORE_FILE);
  const snapshotFile = join(env.EVENTSTORE_FILE, '..', 'snapshots.db');
  const snapshots = new SnapshotStore(snapshotFile);
  const games = new GameStore(store, snapshots, { gameCacheBytes: 512 * MB });
  try {
    const position = galaxyTurn();
    console.log(
      `store growth per turn, Galaxy 30 races / 600 planets / 20,000 groups: ${fmt(sum(position) / KB, 0)} KB ` +
        `(target ≤ 300 KB: ${verdict(sum(position) <= 300 * KB)}): ${breakdown(galaxy, position, 1)}`,
    );

    const gcStart = process.hrtime.bigint();
    const gcId = await playGame(games, {
      ruleset: 'galactic-conflict',
      empires: Array.from({ length: 15 }, (_, i) => `EMPIRE ${i + 1}`),
      settings: { worlds: 300, firstFinalTurn: 25, lastFinalTurn: 25 },
      turns: 25,
      orders: gcText,
    });
    const gcEvents = await store.readStream(gameStream(gcId));
    const gcTurns = perTurn(gcEvents);
    const played = gcEvents.slice(gcEvents.findIndex((e) => e.type === 'TurnOpened') + 1);
    const largest = Math.max(...gcTurns);
    console.log(
      `store growth per turn, Galactic Conflict 15 players / 300 worlds (${gcTurns.length} turns played in ${fmt(elapsedMs(gcStart) / 1000)} s): ` +
        `largest ${fmt(largest / KB)} KB, mean ${fmt(sum(played) / gcTurns.length / KB)} KB ` +
        `(target ≤ 30 KB: ${verdict(largest <= 30 * KB)}); a mean turn: ${breakdown(getRuleset('galactic-conflict'), played, gcTurns.length)}`,
    );

    const gc = getRuleset('galactic-conflict');
    // Warm, as a running api folds (the turn and report figures are warm too).
    for (let i = 0; i < 20; i++) foldGame(gc, gcEvents);
    const folds: number[] = [];
    for (let i = 0; i < 20; i++) {
      const start = process.hrtime.bigint();
      foldGame(gc, gcEvents);
      folds.push(elapsedMs(start));
    }
    const rate = (gcEvents.length / median(folds)) * 1000;
    console.log(
      `replay fold from scratch, the whole Galactic Conflict stream (${fmt(gcEvents.length, 0)} events): ` +
        `${fmt(rate, 0)} events/s, median of 20 after 20 untimed (target ≥ 1,000,000: ${verdict(rate >= 1_000_000)})`,
    );

    const bigStart = process.hrtime.bigint();
    const bigId = await playGame(games, {
      ruleset: 'galaxy',
      empires: Array.from({ length: BIG.races }, (_, i) => `Race ${i + 1}`),
      settings: BIG.settings,
      turns: BIG.turns,
      orders: galaxyOrders,
    });
    const built = elapsedMs(bigStart) / 1000;
    const bigEvents = await store.readStream(gameStream(bigId));
    const { game: big } = await games.load(bigId);
    const { planets, races } = big.state as { planets: unknown[]; races: { groups: unknown[] }[] };
    const groups = races.reduce((n, r) => n + r.groups.length, 0);
    const bigTurns = perTurn(bigEvents);
    console.log(
      `the big Galaxy game: ${BIG.races} races, ${fmt(planets.length, 0)} planets, ${fmt(groups, 0)} groups after ${bigTurns.length} turns, ` +
        `built in ${fmt(built)} s; its stream ${fmt(sum(bigEvents) / MB)} MB (${fmt(bigTurns.reduce((a, b) => a + b, 0) / bigTurns.length / KB, 0)} KB a turn)`,
    );

    const cold = (from: SnapshotStore) => async () => {
      const start = process.hrtime.bigint();
      await new GameStore(store, from, { gameCacheBytes: 512 * MB }).load(bigId);
      return elapsedMs(start);
    };
    const fromSnapshot: number[] = [];
    for (let i = 0; i < 5; i++) fromSnapshot.push(await cold(snapshots)());
    const noSnapshots = new SnapshotStore(':memory:');
    const fromStream = await cold(noSnapshots)();
    noSnapshots.close();
    console.log(
      `cold load of the big Galaxy game after ${bigTurns.length} turns: from its snapshot ${fmt(median(fromSnapshot))} ms, median of 5 ` +
        `(target < 300 ms: ${verdict(median(fromSnapshot) < 300)}); from its stream alone ${fmt(fromStream)} ms`,
    );

    // The same game under other ids, each with its latest snapshot, and an api that loads them all.
    const copyStart = process.hrtime.bigint();
    const ids = [bigId];
    const latest = snapshots.latest(bigId, [foldVersion(galaxy)])!;
    for (let i = 1; i < LOADED; i++) {
      const id = `${bigId.slice(0, -12)}${String(i).padStart(12, '0')}`;
      const copied = bigEvents.map(({ type, data, metadata }, k) => ({
        type,
        data: k === 0 ? { ...(data as GameEventMap['GameCreated']), gameId: id } : data,
        metadata,
      }));
      await store.append(gameStream(id), copied, 'no_stream');
      snapshots.save({ ...latest.game, id }, latest.turn, foldVersion(galaxy));
      ids.push(id);
    }
    console.log(`(${LOADED - 1} copies written in ${fmt(elapsedMs(copyStart) / 1000)} s)`);
    const api = await startProcess('api', env);
    try {
      const anyone = new Client(api.url);
      const loadStart = process.hrtime.bigint();
      for (const id of ids) await anyone.ok('GET', `/games/${id}`);
      const status = readFileSync(`/proc/${api.proc.pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) * KB;
      console.log(
        `the api's memory with ${LOADED} big Galaxy games loaded once (in ${fmt(elapsedMs(loadStart) / 1000)} s, GAME_CACHE_MB default): ` +
          `RSS ${fmt(kb('VmRSS') / MB, 0)} MB, peak ${fmt(kb('VmHWM') / MB, 0)} MB (target < 1 GB: ${verdict(kb('VmHWM') < 1024 * MB)})`,
      );
    } finally {
      api.proc.kill('SIGTERM');
    }
  } finally {
    await games.onApplicationShutdown();
    snapshots.close();
    await store.close();
  }
}
