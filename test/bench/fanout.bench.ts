import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Client, startProcess, testEnv } from '../support/app';
import { type Arrivals, type FromClients, type Open, type ToClients, wallClock } from './fanout-clients';
import { fmt, median, percentile, profiled } from './stats';

const SOCKETS = 5000;
const PLAYERS = 15;
/** Child processes holding the sockets, apart from the bench and the api. */
const CLIENTS = 4;
const TURNS = 3;
/** How long the bench waits for what a client process reports: sockets opened, pushes arrived. */
const WAIT_MS = 180_000;

/**
 * A child process holding sockets (see fanout-clients.ts): opened, then for each turn settled (each
 * socket has the other players' submission.status) and its arrivals.
 */
function clients(task: Open) {
  const child = fork(join(__dirname, 'fanout-clients.ts'), { execArgv: ['-r', '@swc-node/register'] });
  const waiting = new Map<string, (arrivals?: Arrivals) => void>();
  let failed: Error | undefined;
  const fail = (e: Error) => {
    failed ??= e;
    for (const settle of waiting.values()) settle();
  };
  child.on('message', (m: FromClients) => {
    if ('error' in m) fail(new Error(m.error));
    else if ('opened' in m) waiting.get('opened')?.();
    else if ('settled' in m) waiting.get(`settled ${m.settled}`)?.();
    else waiting.get(`arrivals ${m.arrivals.turn}`)?.(m.arrivals);
  });
  child.on('exit', (code) => fail(new Error(`a client process exited (${code})`)));
  const wait = (key: string) =>
    new Promise<Arrivals | undefined>((resolve, reject) => {
      if (failed) return reject(failed);
      const timer = setTimeout(
        () => fail(new Error(`a client process: no "${key}" in ${WAIT_MS} ms`)),
        WAIT_MS,
      );
      waiting.set(key, (arrivals) => {
        clearTimeout(timer);
        waiting.delete(key);
        if (failed) reject(failed);
        else resolve(arrivals);
      });
    });
  const opened = wait('opened');
  child.send(task satisfies ToClients);
  return {
    child,
    opened,
    settled(turn: number, statuses: number) {
      const settled = wait(`settled ${turn}`);
      child.send({ turn, statuses } satisfies ToClients);
      return settled;
    },
    arrivals: (turn: number) => wait(`arrivals ${turn}`) as Promise<Arrivals>,
  };
}

/** The process's resident memory and its peak, from /proc. */
function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
  return `RSS ${fmt(mb('VmRSS'), 0)} MB, peak ${fmt(mb('VmHWM'), 0)} MB`;
}

/** The process's CPU time so far in user space and in the kernel, in ms, from /proc (in 1/100 s). */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(fields[11]) * 10, kernel: Number(fields[12]) * 10 };
}

/**
 * turn.resolved and report.ready to 5,000 sockets watching one Galactic Conflict game of 15
 * players (the rest anonymous spectators), against `npm start`'s shape (api + worker in one
 * process, embedded SQLite, local Redis). The sockets live in child processes. Each turn starts
 * once every socket has the other players' submission.status pushes, and is timed from the moment
 * the bench sends the submission that closes it (the last player's ready) to each push's arrival,
 * on the wall clock all processes share (performance.timeOrigin + now()); also counted, robust where
 * timings are not: the Socket.IO events (a write each) a socket got up to its turn.resolved. A few
 * turns in a row: the first is the first resolution the process makes. No limit is raised: sockets
 * have none per address, and the 15 sign-ups are within SIGN_UPS_PER_IP.
 */
export async function bench() {
  console.log(`cores: ${availableParallelism()}`);
  const server = await startProcess('api', profiled(testEnv({ WORKER_LOCK_MS: '10000' })), true);
  const api = server.proc.pid!;
  const children: ReturnType<typeof clients>[] = [];
  try {
    const players = await Promise.all(
      Array.from({ length: PLAYERS }, (_, i) => Client.signUp(server.url, `fan${i}`)),
    );
    const { id: gameId } = await players[0].ok('POST', '/games', {
      ruleset: 'galactic-conflict',
      name: 'fan-out',
      schedule: { kind: 'period', minutes: 600 },
    });
    for (const [i, p] of players.entries()) await p.ok('POST', `/games/${gameId}/join`, { empire: `E${i}` });
    await players[0].ok('POST', `/games/${gameId}/start`);
    console.log(`api before the sockets: ${memory(api)}`);

    const tokens = [...players.map((p) => p.token!), ...Array<null>(SOCKETS - PLAYERS).fill(null)];
    const opening = wallClock();
    for (let c = 0; c < CLIENTS; c++)
      children.push(clients({ url: server.url, gameId, tokens: tokens.filter((_, i) => i % CLIENTS === c) }));
    await Promise.all(children.map((c) => c.opened));
    console.log(
      `${SOCKETS} sockets in ${CLIENTS} processes connected and watching in ${fmt((wallClock() - opening) / 1000)} s; ` +
        `api: ${memory(api)}`,
    );

    for (let turn = 1; turn <= TURNS; turn++) {
      for (const p of players.slice(1))
        await p.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
      // From a quiet api: every socket has had the pushes of the other submissions.
      await Promise.all(children.map((c) => c.settled(turn, PLAYERS - 1)));
      const arrived = Promise.all(children.map((c) => c.arrivals(turn)));
      const apiCpuBefore = cpuMs(api);
      const start = wallClock();
      await players[0].ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
      const answered = wallClock() - start;
      const all = await arrived;
      const apiCpuAfter = cpuMs(api);
      const apiCpu = {
        user: apiCpuAfter.user - apiCpuBefore.user,
        kernel: apiCpuAfter.kernel - apiCpuBefore.kernel,
      };
      const since = (key: 'closed' | 'resolved' | 'reports') =>
        all.flatMap((a) => a[key].map((t) => t - start));
      const [closed, resolved, reports] = [since('closed'), since('resolved'), since('reports')];
      const p99 = percentile([...resolved, ...reports], 99);
      const frames = all.flatMap((a) => a.frames);
      console.log(
        `turn ${turn}: closing submission answered in ${fmt(answered)} ms; ` +
          `turn.closed p50 ${fmt(median(closed))} ms, last ${fmt(Math.max(...closed))} ms; ` +
          `report.ready to ${reports.length} players p50 ${fmt(median(reports))} ms, last ${fmt(Math.max(...reports))} ms; ` +
          `turn.resolved to ${resolved.length} sockets p50 ${fmt(median(resolved))} ms, p99 ${fmt(percentile(resolved, 99))} ms, ` +
          `last ${fmt(Math.max(...resolved))} ms; ` +
          `Socket.IO frames per socket up to its turn.resolved ${fmt(frames.reduce((sum, n) => sum + n, 0) / frames.length, 2)}; ` +
          `CPU until then: api ${fmt(apiCpu.user + apiCpu.kernel, 0)} ms (${fmt(apiCpu.kernel, 0)} in the kernel), ` +
          `clients ${fmt(
            all.reduce((sum, a) => sum + a.cpuMs, 0),
            0,
          )} ms; ` +
          `p99 of both ${fmt(p99)} ms (target < 250 ms: ${p99 < 250 ? 'met' : 'NOT met'})`,
      );
    }
    console.log(`api after the turns: ${memory(api)}`);
  } finally {
    children.forEach((c) => c.child.kill());
    server.proc.kill('SIGTERM');
  }
}
