import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { SqliteEventStore } from '@warpgate/event-store';
import { Client, Listener, startProcess, testEnv, until } from '../support/app';

/** Two api processes and two workers on one SQLite file and one Redis, as separate OS processes. */
const env = testEnv();
let apis: { url: string; proc: ChildProcess }[] = [];
let workers: Awaited<ReturnType<typeof startProcess>>[] = [];
const listeners: Listener[] = [];

beforeAll(async () => {
  apis = await Promise.all([startProcess('api', env), startProcess('api', env)]);
  workers = await Promise.all([startProcess('worker', env), startProcess('worker', env)]);
}, 60_000);

afterAll(async () => {
  listeners.forEach((l) => l.close());
  for (const { proc } of [...apis, ...workers]) {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGCONT');
      proc.kill('SIGTERM');
      await once(proc, 'exit');
    }
  }
});

const listen = (url: string, token?: string) => {
  const listener = new Listener(url, token);
  listeners.push(listener);
  return listener;
};

async function game(names: string[]) {
  const players = [];
  for (const [i, name] of names.entries())
    players.push(await Client.signUp(apis[i % 2].url, `${name}-${Date.now() % 100000}`));
  const created = await players[0].ok('POST', '/games', {
    ruleset: 'galactic-conflict',
    name: `Cluster ${names.join(' ')}`,
    schedule: { kind: 'period', minutes: 60 },
  });
  for (const [i, p] of players.entries())
    await p.ok('POST', `/games/${created.id}/join`, { empire: names[i] });
  await players[0].ok('POST', `/games/${created.id}/start`);
  return { gameId: created.id as string, players };
}

async function turnResolutions(gameId: string, turn: number) {
  const store = new SqliteEventStore(env.EVENTSTORE_FILE);
  const events = await store.readStream(`game-${gameId}`);
  await store.close();
  return events.filter((e) => e.type === 'TurnResolved' && (e.data as { turn: number }).turn === turn).length;
}

// Four processes share two cores with the rest of the suite: generous bounds.
jest.setTimeout(90_000);

describe('two api processes and two workers', () => {
  it('notifies clients on both api processes of what happens in a game', async () => {
    const { gameId, players } = await game(['CASTOR', 'POLLUX']);
    const [a, b] = [listen(apis[0].url, players[0].token), listen(apis[1].url, players[1].token)];
    const spectator = listen(apis[1].url);
    for (const l of [a, b, spectator]) expect(await l.watch(gameId)).toMatchObject({ ok: true });

    await players[0].ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
    // Heard on both processes, whichever api took the submission.
    await a.waitFor('submission.status', (n) => n.empire === 'CASTOR');
    await b.waitFor('submission.status', (n) => n.empire === 'CASTOR');
    await players[1].ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });

    for (const l of [a, b, spectator]) await l.waitFor('turn.opened', (n) => n.turn === 2);
    expect(a.of('report.ready').map((n) => n.turn)).toEqual([1]);
    expect(b.of('report.ready').map((n) => n.turn)).toEqual([1]);
    expect(spectator.of('report.ready')).toEqual([]);
    expect(await turnResolutions(gameId, 1)).toBe(1);
  });

  it('resolves a turn exactly once when the worker resolving it is killed with SIGKILL', async () => {
    const { gameId, players } = await game(['MIZAR', 'ALCOR']);
    const watcher = listen(apis[0].url, players[0].token);
    await watcher.watch(gameId);
    const [victim, survivor] = workers;
    // Only the victim may take the resolve job: freeze the other until the victim is dead.
    survivor.proc.kill('SIGSTOP');
    for (const p of players) await p.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
    await until(
      () => victim.output().includes(`resolving game ${gameId} turn 1`),
      'the victim to start resolving',
    );
    victim.proc.kill('SIGKILL');
    await once(victim.proc, 'exit');
    survivor.proc.kill('SIGCONT');

    await watcher.waitFor('turn.opened', (n) => n.turn === 2, 30_000);
    expect(await turnResolutions(gameId, 1)).toBe(1);
    // And the game goes on with the survivor alone.
    for (const p of players) await p.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
    await watcher.waitFor('turn.opened', (n) => n.turn === 3, 30_000);
    expect(await turnResolutions(gameId, 2)).toBe(1);
    expect(watcher.of('report.ready').map((n) => n.turn)).toEqual([1, 2]);
  });
});
