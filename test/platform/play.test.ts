import Database from 'better-sqlite3';
import { buildOrders, Client, startApp, startedGame, until, withApp } from '../support/app';

const server = withApp();

describe('three players play three turns over HTTP and Socket.IO', () => {
  it('submits, closes when all are ready, resolves once, and tells everyone', async () => {
    const { gameId, players } = await startedGame(server.url, ['ORION', 'VEGA', 'ALTAIR']);
    const sockets = players.map((p) => server.listen(p.token));
    for (const s of sockets) expect(await s.watch(gameId)).toMatchObject({ ok: true });
    const spectator = server.listen();
    expect(await spectator.watch(gameId)).toMatchObject({ ok: true });

    for (let turn = 1; turn <= 3; turn++) {
      for (const p of players) {
        const text = await buildOrders(p, gameId);
        const submitted = await p.ok('POST', `/games/${gameId}/orders`, { text, ready: true });
        expect(submitted).toMatchObject({ turn, ready: true });
        expect(submitted.diagnostics.filter((d: { severity: string }) => d.severity === 'error')).toEqual([]);
      }
      for (const s of [...sockets, spectator]) await s.waitFor('turn.resolved', (n) => n.turn === turn);
      for (const s of sockets) await s.waitFor('report.ready', (n) => n.turn === turn);
    }

    const detail = await players[0].ok('GET', `/games/${gameId}`);
    expect(detail).toMatchObject({ status: 'running', turn: 4, closed: false });
    // Each player got only their own reports, and exactly one per turn: resolved exactly once.
    for (const [i, s] of sockets.entries()) {
      expect(s.of('report.ready').map((n) => n.turn)).toEqual([1, 2, 3]);
      const reports = await players[i].ok('GET', `/games/${gameId}/reports`);
      expect(reports.map((r: { turn: number; playerId: string }) => [r.turn, r.playerId])).toEqual(
        [3, 2, 1].map((t) => [t, players[i].id]),
      );
    }
    // The spectator hears that players submitted, never what, and gets no reports.
    expect(spectator.of('report.ready')).toEqual([]);
    const statuses = spectator.of('submission.status');
    expect(statuses.length).toBeGreaterThanOrEqual(9);
    expect(JSON.stringify(statuses)).not.toMatch(/B,\d+/);
    const events = (await players[0].call('GET', `/games/${gameId}/events`)).status;
    expect(events).toBe(403);
  });

  it('a reconnecting client catches up from the last position it saw, missing nothing', async () => {
    const { gameId, players } = await startedGame(server.url, ['DENEB', 'RIGEL']);
    const first = server.listen(players[0].token);
    await first.watch(gameId);
    await players[0].ok('POST', `/games/${gameId}/orders`, {
      text: await buildOrders(players[0], gameId),
      ready: true,
    });
    const seen = await first.waitFor('submission.status');
    first.close();

    // While it is away: the other player submits, the turn closes and resolves.
    await players[1].ok('POST', `/games/${gameId}/orders`, {
      text: await buildOrders(players[1], gameId),
      ready: true,
    });
    await until(async () => (await players[0].ok('GET', `/games/${gameId}`)).turn === 2, 'turn 2');

    const back = server.listen(players[0].token);
    const ack = await back.watch(gameId, seen.position as string);
    expect(ack).toMatchObject({ ok: true });
    expect(back.of('turn.closed').map((n) => n.turn)).toEqual([1]);
    expect(back.of('turn.resolved').map((n) => n.turn)).toEqual([1]);
    expect(back.of('report.ready').map((n) => n.turn)).toEqual([1]);
    expect(back.of('turn.opened').map((n) => n.turn)).toEqual([2]);
    const positions = back.received.map((r) => BigInt(r.payload.position!));
    expect(positions.every((p) => p > BigInt(seen.position as string))).toBe(true);
  });
});

describe('combat and contact notifications', () => {
  it('reach both sides of a battle, and nobody else', async () => {
    const { gameId, players } = await startedGame(server.url, ['ATTACKER', 'DEFENDER', 'BYSTANDER']);
    const [attacker, defender, bystander] = players;
    const sockets = players.map((p) => server.listen(p.token));
    for (const s of sockets) await s.watch(gameId);
    const { view } = await server.admin.ok('GET', `/games/${gameId}/view`);
    const home = (p: { id: string }) =>
      view.state.worlds.find((w: { owner: string }) => w.owner === p.id).number;

    await attacker.ok('POST', `/games/${gameId}/orders`, {
      text: `A,${home(attacker)},${home(defender)},10`,
      ready: true,
    });
    for (let turn = 1; sockets[0].of('combat.report').length === 0; turn++) {
      if (turn > 1) await attacker.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
      for (const p of [defender, bystander])
        await p.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
      await sockets[0].waitFor('report.ready', (n) => n.turn === turn);
      expect(turn).toBeLessThan(12);
    }
    await sockets[1].waitFor('combat.report');
    for (const s of sockets.slice(0, 2))
      expect((await s.waitFor('contact')).text).toMatch(/New contact: (ATTACKER|DEFENDER)/);
    expect(sockets[2].of('combat.report')).toEqual([]);
    expect(sockets[2].of('contact')).toEqual([]);
  });
});

describe('a whole game', () => {
  it('is played to its secret last turn, ends with standings, and then opens its full record', async () => {
    const { gameId, players } = await startedGame(server.url, ['FIRST', 'SECOND']);
    const watcher = server.listen(players[0].token);
    await watcher.watch(gameId);
    for (let turn = 1; watcher.of('game.ended').length === 0; turn++) {
      expect(turn).toBeLessThanOrEqual(25);
      for (const p of players)
        await p.ok('POST', `/games/${gameId}/orders`, { text: await buildOrders(p, gameId), ready: true });
      await until(
        () =>
          watcher.of('game.ended').length > 0 || watcher.of('turn.opened').some((n) => n.turn === turn + 1),
        `turn ${turn + 1} or the end`,
      );
    }
    const [ended] = watcher.of('game.ended');
    expect(ended.turn).toBeGreaterThanOrEqual(15);
    expect(ended.standings).toHaveLength(2);
    const detail = await players[0].ok('GET', `/games/${gameId}`);
    expect(detail).toMatchObject({ status: 'ended', deadline: null });
    expect((await players[0].call('POST', `/games/${gameId}/orders`, { text: '' })).status).toBe(409);
    // The record opens to anyone once the game has ended.
    const { view } = await new Client(server.url).ok('GET', `/games/${gameId}/view`);
    expect(view.role).toBe('full');
  });
});

describe('audit', () => {
  it('verifies a resolved turn by resolving it again, and finds a tampered one', async () => {
    const { gameId, players } = await startedGame(server.url, ['AUDITED', 'WITNESS']);
    const watcher = server.listen(players[0].token);
    await watcher.watch(gameId);
    for (const p of players)
      await p.ok('POST', `/games/${gameId}/orders`, { text: await buildOrders(p, gameId), ready: true });
    await watcher.waitFor('turn.resolved', (n) => n.turn === 1);

    const verified = await server.admin.ok('GET', `/games/${gameId}/turns/1/verify`);
    expect(verified).toMatchObject({ turn: 1, matches: true, firstDifference: null });
    expect(verified.resolvedEvents).toBeGreaterThan(players.length);
    expect((await server.admin.call('GET', `/games/${gameId}/turns/2/verify`)).status).toBe(409);
    expect((await players[0].call('GET', `/games/${gameId}/turns/1/verify`)).status).toBe(403);

    // History is never edited through Warpgate; a tampered file is what verification is for.
    const db = new Database(server.env.EVENTSTORE_FILE);
    db.prepare(
      `UPDATE events SET data = json_set(data, '$.stateHash', 'forged') WHERE type = 'TurnResolved'`,
    ).run();
    db.close();
    const fresh = await startApp(server.env, { withWorker: false });
    const tampered = await new Client(fresh.url, server.admin.token).ok(
      'GET',
      `/games/${gameId}/turns/1/verify`,
    );
    await fresh.app.close();
    expect(tampered).toMatchObject({ matches: false, firstDifference: { stored: { type: 'TurnResolved' } } });
  });
});
