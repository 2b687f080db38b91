import { stateHash } from '@warpgate/engine';
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildOrders, Client, Player, startApp, startedGame, withApp } from '../support/app';

/**
 * Reports are not stored: the stream records the hash of what each player was given, the report is
 * rebuilt from the state after its turn, and the hash proves it (or shows it is not what was sent).
 */
const server = withApp();

interface Answer {
  turn: number;
  playerId: string;
  report: { turn: number; text: string };
  hash: string;
  format: number;
  matches: boolean | null;
  note?: string;
}

/** Every player builds on every world and is ready, `turns` times. */
async function play(gameId: string, players: Player[], turns: number) {
  const watcher = server.listen(players[0].token);
  await watcher.watch(gameId);
  for (let turn = 1; turn <= turns; turn++) {
    for (const p of players)
      await p.ok('POST', `/games/${gameId}/orders`, { text: await buildOrders(p, gameId), ready: true });
    await watcher.waitFor('turn.resolved', (n) => n.turn === turn);
  }
}

/** Another api on the same files (no worker, nothing cached), for `use`. */
async function freshApi<T>(env: Record<string, string>, use: (url: string) => Promise<T>): Promise<T> {
  const fresh = await startApp({ ...server.env, ...env }, { withWorker: false });
  try {
    return await use(fresh.url);
  } finally {
    await fresh.app.close();
  }
}

/**
 * The turn 1 ReportIssued of `playerId` changed in the store (`set`: an SQL SET clause), then as
 * another api reads it: the player's reports, as an admin reads them, and the turn's verification.
 */
async function rewritten(gameId: string, playerId: string, set: string) {
  const db = new Database(server.env.EVENTSTORE_FILE);
  db.prepare(
    `UPDATE events SET ${set}
     WHERE type = 'ReportIssued' AND stream = ? AND json_extract(data, '$.playerId') = ?`,
  ).run(`game-${gameId}`, playerId);
  db.close();
  // A store changed behind Warpgate's back: what was folded from it before is dropped.
  rmSync(join(dirname(server.env.EVENTSTORE_FILE), 'snapshots.db'));
  return freshApi({}, async (url) => {
    const admin = new Client(url, server.admin.token);
    return [
      (await admin.ok('GET', `/games/${gameId}/reports?player=${playerId}`)) as Answer[],
      await admin.ok('GET', `/games/${gameId}/turns/1/verify`),
    ];
  });
}

describe('reports', () => {
  it('are recorded as hashes of what each player was given, rebuilt on demand, and proved by them', async () => {
    const { gameId, players } = await startedGame(server.url, ['DENEB', 'MIRA']);
    await play(gameId, players, 2);
    const events: { type: string; data: Record<string, unknown> }[] = await server.admin.ok(
      'GET',
      `/games/${gameId}/events`,
    );
    const issued = events.filter((e) => e.type === 'ReportIssued').map((e) => e.data);
    expect(issued).toHaveLength(4);
    for (const data of issued)
      expect(data).toEqual({
        turn: expect.any(Number),
        playerId: expect.any(String),
        hash: expect.any(String),
        format: 2,
      });

    for (const p of players) {
      const reports: Answer[] = await p.ok('GET', `/games/${gameId}/reports`);
      expect(reports.map((r) => [r.turn, r.playerId, r.matches])).toEqual([
        [2, p.id, true],
        [1, p.id, true],
      ]);
      for (const r of reports) {
        expect(r.hash).toBe(stateHash(r.report));
        expect(issued).toContainEqual({ turn: r.turn, playerId: p.id, hash: r.hash, format: r.format });
      }
      expect(await p.ok('GET', `/games/${gameId}/reports?turn=1`)).toEqual([reports[1]]);
      expect(await p.ok('GET', `/games/${gameId}/reports?turn=3`)).toEqual([]);
    }
  });

  it('of past turns are the same with every snapshot dropped and no game kept in memory', async () => {
    const { gameId, players } = await startedGame(server.url, ['HADAR', 'ACRUX']);
    await play(gameId, players, 3);
    const before: Answer[] = await players[0].ok('GET', `/games/${gameId}/reports`);
    expect(before).toHaveLength(3);
    rmSync(join(dirname(server.env.EVENTSTORE_FILE), 'snapshots.db'));
    const after = await freshApi({ GAME_CACHE_MB: '0', REPORT_CACHE_MB: '0' }, (url) =>
      new Client(url, players[0].token).ok('GET', `/games/${gameId}/reports`),
    );
    expect(after).toEqual(before);
  });

  it('whose recorded hash was tampered with are shown not to match, and verify names the ReportIssued', async () => {
    const { gameId, players } = await startedGame(server.url, ['POLLUX', 'CASTOR']);
    await play(gameId, players, 1);
    const [a] = players;
    const [audited, verified] = await rewritten(gameId, a.id, `data = json_set(data, '$.hash', 'forged')`);
    expect(audited).toMatchObject([{ turn: 1, playerId: a.id, hash: 'forged', matches: false }]);
    expect(verified).toMatchObject({
      matches: false,
      firstDifference: { stored: { type: 'ReportIssued', data: { playerId: a.id, hash: 'forged' } } },
    });
  });

  it('printed by an older format are shown without a verdict, and do not fail verify', async () => {
    const { gameId, players } = await startedGame(server.url, ['ALNAIR', 'ALNITAK']);
    await play(gameId, players, 1);
    const [a] = players;
    // As a ReportIssued of schema 2 was stored: a hash made by an older printout, no format.
    const [reports, verified] = await rewritten(
      gameId,
      a.id,
      `data = json_remove(json_set(data, '$.hash', 'older'), '$.format'),
       metadata = json_set(metadata, '$.schemaVersion', 2)`,
    );
    expect(reports).toMatchObject([
      {
        turn: 1,
        hash: 'older',
        format: 1,
        matches: null,
        note: expect.stringContaining('another format (1)'),
      },
    ]);
    expect(verified).toMatchObject({ matches: true, firstDifference: null });
  });

  it('are pushed again on catch-up as the reports route gives them', async () => {
    const { gameId, players } = await startedGame(server.url, ['RIGEL', 'SAIPH']);
    await play(gameId, players, 2);
    const [a] = players;
    const late = server.listen(a.token);
    expect(await late.watch(gameId, null)).toMatchObject({ ok: true });
    const reports: Answer[] = await a.ok('GET', `/games/${gameId}/reports`);
    expect(late.of('report.ready').map(({ turn, report }) => ({ turn, report }))).toEqual(
      [...reports].reverse().map(({ turn, report }) => ({ turn, report })),
    );
  });
});
