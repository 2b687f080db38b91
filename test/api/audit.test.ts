import Database from 'better-sqlite3';
import { createRng } from '@warpgate/engine';
import { spawn } from 'node:child_process';
import { buildOrders, Client, startedGame, until, withApp } from '../support/app';
import { playTurn } from '../support/play-turn';

/**
 * The admins' audit, over HTTP with a real store: a turn from the record (submissions, close,
 * resolution, random draws), the whole game verified (and a tampered record caught, by the route
 * and by `npm run verify`).
 */
const server = withApp();

type Event = {
  revision: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
};

/** `npm run verify -- <gameId>` on the test's store: its exit code and what it printed. */
async function verifyCli(gameId: string) {
  const proc = spawn('npm', ['run', '--silent', 'verify', '--', gameId], {
    env: { ...process.env, ...server.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => proc.on('close', resolve));
  return { code, output };
}

describe('the audit of a turn', () => {
  it('shows how it closed, every submission and which counted, its events, and its draws', async () => {
    const { gameId, players } = await startedGame(server.url, ['ORION', 'VEGA']);
    const [orion, vega] = players;
    const first = await buildOrders(orion, gameId, 'D');
    const keyed = (
      await orion.call('POST', `/games/${gameId}/orders`, { text: first }, { 'idempotency-key': 'k1' })
    ).body;
    // A retry under the same key appends nothing.
    await orion.call('POST', `/games/${gameId}/orders`, { text: first }, { 'idempotency-key': 'k1' });
    const second = await orion.ok('POST', `/games/${gameId}/orders`, {
      text: await buildOrders(orion, gameId),
      ready: true,
    });
    const last = await vega.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
    await until(async () => (await orion.ok('GET', `/games/${gameId}`)).turn === 2, 'turn 1 resolved');

    expect((await server.admin.ok('GET', `/games/${gameId}/turns/1/audit`)).resolutions[0].draws).toBeNull();
    const audit = await server.admin.ok('GET', `/games/${gameId}/turns/1/audit?draws=true`);
    expect(audit.closed).toMatchObject({ reason: 'all-ready', actor: vega.id });
    expect(audit.submissions).toEqual([
      expect.objectContaining({
        playerId: orion.id,
        actor: orion.id,
        submissionId: keyed.submissionId,
        idempotencyKey: 'k1',
        text: first,
        ready: false,
        counted: false,
      }),
      expect.objectContaining({
        submissionId: second.submissionId,
        idempotencyKey: null,
        ready: true,
        counted: true,
      }),
      expect.objectContaining({
        playerId: vega.id,
        submissionId: last.submissionId,
        text: '',
        counted: true,
      }),
    ]);
    expect(audit.submissions[0].orders).toEqual(keyed.orders);
    for (const s of audit.submissions) expect(s.diagnostics).toEqual([]);
    expect(audit.resolutions).toHaveLength(1);
    const [resolution] = audit.resolutions;
    expect(resolution.counted).toEqual({ [orion.id]: second.submissionId, [vega.id]: last.submissionId });
    expect(resolution.verification).toMatchObject({ matches: true, firstDifference: null });
    expect(resolution.voided).toBeNull();
    const types = resolution.events.map((e: Event) => e.type);
    expect(types.slice(-2)).toEqual(['TurnResolved', 'TurnOpened']);
    expect(types.filter((t: string) => t === 'ReportIssued')).toHaveLength(2);
    expect(resolution.events.every((e: { actor: string }) => e.actor === 'system')).toBe(true);
    // Galactic Conflict resolves a turn without dice (digest §1): its randomness is all in the setup.
    expect(resolution.draws).toEqual({ total: 0, from: 0, page: [] });

    const setup = await server.admin.ok('GET', `/games/${gameId}/turns/0/audit?draws=true`);
    expect(setup.closed).toBeNull();
    const [{ draws, verification, events }] = setup.resolutions;
    expect(verification.matches).toBe(true);
    expect(events[0]).toMatchObject({ type: 'GameStarted', actor: orion.id });
    // The draws are the setup's own: a new Rng of the game's seed gives the same, in order.
    const [created] = (await server.admin.ok('GET', `/games/${gameId}/events`)) as Event[];
    const rng = createRng(created.data.seed as string, 0);
    expect(draws.page.length).toBeGreaterThan(0);
    expect(draws.page).toHaveLength(draws.total);
    for (const { method, args, result } of draws.page)
      expect(rng[method as 'int'](...(args as [number, number]))).toEqual(result);

    expect((await server.admin.call('GET', `/games/${gameId}/turns/3/audit`)).status).toBe(404);
    expect((await orion.call('GET', `/games/${gameId}/turns/1/audit`)).status).toBe(403);
    expect((await new Client(server.url).call('GET', `/games/${gameId}/turns/1/audit`)).status).toBe(401);
  });
});

describe('the whole game verified', () => {
  it('re-runs the setup and every turn, and names the first event of a tampered record', async () => {
    const { gameId, players } = await startedGame(server.url, ['DENEB', 'RIGEL']);
    await playTurn(players, gameId, 1);
    await playTurn(players, gameId, 2);
    expect(await server.admin.ok('GET', `/games/${gameId}/verify`)).toEqual({
      verified: true,
      resolutions: 3,
      turns: 2,
      firstDifference: null,
    });
    const verified = await verifyCli(gameId);
    expect(verified).toMatchObject({
      code: 0,
      output: expect.stringContaining('verified: the setup and 2 turns'),
    });
    expect((await players[0].call('GET', `/games/${gameId}/verify`)).status).toBe(403);

    // History is never edited through Warpgate: the file is, here, as an intruder would.
    const events = (await server.admin.ok('GET', `/games/${gameId}/events`)) as Event[];
    const forged = events.find((e) => e.type === 'ReportIssued' && e.data.turn === 1)!;
    const db = new Database(server.env.EVENTSTORE_FILE);
    db.prepare(
      `UPDATE events SET data = json_set(data, '$.hash', 'forged') WHERE stream = ? AND revision = ?`,
    ).run(`game-${gameId}`, forged.revision);
    db.close();

    expect(await server.admin.ok('GET', `/games/${gameId}/verify`)).toEqual({
      verified: false,
      resolutions: 1,
      turns: 0,
      firstDifference: {
        turn: 1,
        stored: {
          id: expect.any(String),
          revision: forged.revision,
          type: 'ReportIssued',
          data: { ...forged.data, hash: 'forged' },
        },
        recomputed: { id: expect.any(String), type: 'ReportIssued', data: forged.data },
      },
    });
    const caught = await verifyCli(gameId);
    expect(caught).toMatchObject({ code: 1, output: expect.stringContaining('NOT verified') });
    expect(caught.output).toContain('"forged"');
  });
});
