import { Client, Listener, startProcess, testEnv } from '../support/app';
import { elapsedMs, fmt, median, percentile } from './stats';

type Player = Awaited<ReturnType<typeof Client.signUp>>;

/** Games of Galactic Conflict filled with fresh players, started. */
async function games(url: string, count: number, size: number, tag: string) {
  const all: { gameId: string; players: Player[] }[] = [];
  for (let g = 0; g < count; g++) {
    const players = await Promise.all(
      Array.from({ length: size }, (_, i) => Client.signUp(url, `${tag}${g}x${i}`)),
    );
    const { id } = await players[0].ok('POST', '/games', {
      ruleset: 'galactic-conflict',
      name: `${tag} ${g}`,
      schedule: { kind: 'period', minutes: 600 },
    });
    for (const [i, p] of players.entries()) await p.ok('POST', `/games/${id}/join`, { empire: `E${g}X${i}` });
    await players[0].ok('POST', `/games/${id}/start`);
    all.push({ gameId: id, players });
  }
  return all;
}

/**
 * The platform over real HTTP and Socket.IO against `npm start`'s shape (api + worker in one
 * child process, embedded SQLite, local Redis).
 */
export async function bench() {
  // 225 players sign up from one address.
  const env = testEnv({ WORKER_LOCK_MS: '10000', SIGN_UPS_PER_IP: '1000/1h' });
  const server = await startProcess('api', env, true);
  try {
    // 200 players in 14 games, each submitting orders 10 times, all at once.
    const lobby = await games(server.url, 14, 15, 'sub');
    const players = lobby.flatMap(({ gameId, players }) =>
      players.slice(0, 200 / 14 + 1).map((p) => ({ gameId, p })),
    );
    const concurrent = players.slice(0, 200);
    const submit = ({ gameId, p }: (typeof concurrent)[number], i: number) =>
      p.ok('POST', `/games/${gameId}/orders`, { text: `B,1,A,1\nB,2,C,1\nM,3,4,A,5 ; try ${i}` });
    // Warm up: connections opened, code compiled.
    await Promise.all(concurrent.map((player) => submit(player, -1)));
    const latencies: number[] = [];
    const start = process.hrtime.bigint();
    await Promise.all(
      concurrent.map(async (player) => {
        for (let i = 0; i < 10; i++) {
          const t = process.hrtime.bigint();
          await submit(player, i);
          latencies.push(elapsedMs(t));
        }
      }),
    );
    const seconds = elapsedMs(start) / 1000;
    console.log(
      `order submissions, ${concurrent.length} concurrent players: ${fmt(latencies.length / seconds, 0)}/s, ` +
        `p50 ${fmt(median(latencies))} ms, p99 ${fmt(percentile(latencies, 99))} ms (${latencies.length} submissions)`,
    );

    // 1,000 sockets watch one game; measure from the last ready submission to each socket's push.
    const [{ gameId, players: fifteen }] = await games(server.url, 1, 15, 'fan');
    const sockets = fifteen.map((p) => new Listener(server.url, p.token));
    for (let i = sockets.length; i < 1000; i++) sockets.push(new Listener(server.url));
    await Promise.all(sockets.map((s) => s.watch(gameId)));
    for (const p of fifteen.slice(1))
      await p.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
    const arrivals: number[] = [];
    const reports: number[] = [];
    const t0 = process.hrtime.bigint();
    const all = Promise.all(
      sockets.map(
        (s, i) =>
          new Promise<void>((resolve) => {
            s.socket.on('turn.resolved', () => {
              arrivals.push(elapsedMs(t0));
              if (i >= fifteen.length) resolve();
            });
            if (i < fifteen.length)
              s.socket.on('report.ready', () => {
                reports.push(elapsedMs(t0));
                resolve();
              });
          }),
      ),
    );
    await fifteen[0].ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
    await all;
    console.log(
      `turn.resolved fan-out to ${sockets.length} sockets after the last ready submission: ` +
        `p50 ${fmt(median(arrivals))} ms, p99 ${fmt(percentile(arrivals, 99))} ms, last ${fmt(Math.max(...arrivals))} ms; ` +
        `report.ready to 15 players p50 ${fmt(median(reports))} ms`,
    );
    sockets.forEach((s) => s.close());
  } finally {
    server.proc.kill('SIGTERM');
  }
}
