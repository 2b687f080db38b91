import 'reflect-metadata';
import { JwtService } from '@nestjs/jwt';
import { SqliteEventStore } from '@warpgate/event-store';
import { GameStore, loadConfig, SnapshotStore } from '@warpgate/platform';
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { ReadModels } from '../../apps/worker/src/read-models';
import { startProcess, testEnv, until } from '../support/app';
import { gcOrders, playGame } from '../support/played-game';
import type { FromLoad, Load } from './submissions-load';
import { fmt, median, percentile, profiled } from './stats';

const GAMES = 14;
const PLAYERS = 15;
const CONCURRENT = 200;
/** Submissions each player makes before the measure (connections opened, code compiled) and in it. */
const WARM_UP = 5;
const ROUNDS = 20;
/** Child processes making the requests, apart from the bench, the api and the worker. */
const GENERATORS = 1;

const LAYOUTS = [
  { name: 'api + worker in one process (npm start)', apart: false },
  { name: 'api and worker in processes of their own', apart: true },
];

/** Games of Galactic Conflict played to `turn` through the store, as the api and worker play them (see playGame). */
function playedGames(games: GameStore, turn: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: GAMES }, () =>
      playGame(games, {
        ruleset: 'galactic-conflict',
        empires: Array.from({ length: PLAYERS }, (_, i) => `EMPIRE ${i + 1}`),
        settings: { firstFinalTurn: 100, lastFinalTurn: 100 },
        turns: turn - 1,
        orders: gcOrders,
      }),
    ),
  );
}

/** CPU time a process has used so far (user + system), in ms, from /proc. */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** A child process making requests (see submissions-load.ts); `go` starts the measure once it is warm. */
function generator(load: Load) {
  const child = fork(join(__dirname, 'submissions-load.ts'), { execArgv: ['-r', '@swc-node/register'] });
  const next = () =>
    new Promise<FromLoad>((resolve, reject) => {
      child.once('message', (m: FromLoad) => ('error' in m ? reject(new Error(m.error)) : resolve(m)));
      child.once('exit', (code) => reject(new Error(`a load generator exited (${code})`)));
    });
  const ready = next();
  child.send(load);
  return {
    child,
    ready,
    go: () => {
      const done = next();
      child.send('go');
      return done as Promise<Extract<FromLoad, { latencies: number[] }>>;
    },
  };
}

/** The worker has projected every game event in the store: it is not catching up during a measure. */
async function projected(env: Record<string, string>) {
  const config = loadConfig({ ...process.env, ...env });
  const redis = new Redis(config.redisUrl);
  const store = new SqliteEventStore(env.EVENTSTORE_FILE);
  const readModels = new ReadModels(redis, config);
  try {
    await until(
      async () => {
        const checkpoint = await readModels.checkpoint();
        if (checkpoint?.position === undefined) return false;
        const after = await store.readAll({
          after: checkpoint.position,
          filter: { streamPrefixes: ['game-'] },
          maxCount: 1,
        });
        return after.length === 0;
      },
      'the worker to project every event',
      600_000,
    );
  } finally {
    redis.disconnect();
    await store.close();
  }
}

/**
 * CONCURRENT players of `gameIds` (tokens signed with the api's secret: no sign-ups) submitting
 * ROUNDS times each, all at once; prints rate, latencies and the CPU each process spent.
 */
async function measure(url: string, jwt: JwtService, gameIds: string[], what: string, pids: number[]) {
  const players = Array.from({ length: CONCURRENT }, (_, i) => ({
    gameId: gameIds[i % GAMES],
    token: jwt.sign({ sub: `player-${Math.floor(i / GAMES)}`, name: `p${i}`, role: 'player' }),
  }));
  const generators = Array.from({ length: GENERATORS }, (_, g) =>
    generator({
      url,
      players: players.filter((_, i) => i % GENERATORS === g),
      warmUp: WARM_UP,
      rounds: ROUNDS,
    }),
  );
  try {
    await Promise.all(generators.map((g) => g.ready));
    const cpuBefore = pids.map(cpuMs);
    const results = await Promise.all(generators.map((g) => g.go()));
    const cpu = pids.map((pid, i) => cpuMs(pid) - cpuBefore[i]);
    const latencies = results.flatMap((r) => r.latencies);
    const n = latencies.length;
    const seconds =
      (Math.max(...results.map((r) => r.end)) - Math.min(...results.map((r) => r.start))) / 1000;
    const rate = n / seconds;
    const p99 = percentile(latencies, 99);
    const generatorCpu = results.reduce((sum, r) => sum + r.cpuMs, 0);
    console.log(
      `order submissions ${what}, ${CONCURRENT} concurrent players: ${fmt(rate, 0)}/s, ` +
        `p50 ${fmt(median(latencies))} ms, p99 ${fmt(p99)} ms (${n} submissions; ` +
        `target ≥ 3,000/s with p99 < 100 ms: ${rate >= 3000 && p99 < 100 ? 'met' : 'NOT met'}); ` +
        `CPU a submission: ${cpu.map((ms) => `${fmt(ms / n, 2)} ms`).join(' + ')} (api${pids.length > 1 ? ', worker' : ''}), ` +
        `${fmt(generatorCpu / n, 2)} ms (load generator)`,
    );
  } finally {
    for (const g of generators) g.child.kill();
  }
}

async function stop(proc: ChildProcess) {
  const exited = once(proc, 'exit');
  proc.kill('SIGTERM');
  await exited;
}

/**
 * Order submissions over real HTTP from load generators in processes of their own, in games at
 * turn 1 and in games at turn 50 (whose streams hold 50 turns): against `npm start`'s shape (api +
 * worker in one process), then against api and worker apart (how they scale out); embedded SQLite,
 * local Redis. The games are played through the store before the api starts.
 */
export async function bench() {
  const env = testEnv({ WORKER_LOCK_MS: '10000', JWT_SECRET: randomBytes(32).toString('hex') });
  const store = new SqliteEventStore(env.EVENTSTORE_FILE);
  const games = new GameStore(store, new SnapshotStore(join(env.EVENTSTORE_FILE, '..', 'snapshots.db')), {
    gameCacheBytes: 256 << 20,
  });
  const [atTurn1, atTurn50] = [await playedGames(games, 1), await playedGames(games, 50)];
  const events = (await store.readAll()).length;
  games.onApplicationShutdown();
  await store.close();
  const jwt = new JwtService({
    secret: env.JWT_SECRET,
    signOptions: { algorithm: 'HS256', expiresIn: '1h' },
  });
  console.log(
    `cores: ${availableParallelism()}; ${GENERATORS} load generator process(es); Redis; ` +
      `${GAMES} games at turn 1 and ${GAMES} at turn 50 (${fmt(events, 0)} events in the store)`,
  );

  for (const { name, apart } of LAYOUTS) {
    const api = await startProcess('api', profiled(env), !apart);
    const worker = apart ? await startProcess('worker', profiled(env)) : undefined;
    try {
      await projected(env);
      const pids = [api.proc.pid!, ...(worker ? [worker.proc.pid!] : [])];
      await measure(api.url, jwt, atTurn1, `at turn 1, ${name}`, pids);
      await measure(api.url, jwt, atTurn50, `at turn 50, ${name}`, pids);
    } finally {
      await Promise.all([stop(api.proc), ...(worker ? [stop(worker.proc)] : [])]);
    }
  }
}
