import { type ServerToClient, unbatch } from '@warpgate/contracts';
import { Listener, openGame, Player, signUpAll, startedGame, withApp } from '../support/app';

/** Reminders one second before each deadline, so that a near deadline has one. */
const server = withApp({ REMINDERS_MS: '1000' });

type Push = { name: string; payload: { id?: unknown; position?: string } & Record<string, unknown> };

/** Everything pushed to the socket, repeats included (the Listener drops them); `pushes` one by one. */
function everything(listener: Listener): Push[] {
  const pushes: Push[] = [];
  listener.socket.onAny((name: keyof ServerToClient, payload: unknown) =>
    pushes.push(...(unbatch(name, payload) as Push[])),
  );
  return pushes;
}

const ids = (pushes: Push[]) => pushes.map((p) => `${p.name} ${String(p.payload.id)}`);

describe('push ids', () => {
  it('report.ready, combat.report and contact of one resolution: one position, an id each, the same when sent again', async () => {
    const { gameId, players } = await startedGame(server.url, ['ATTACKER', 'DEFENDER', 'BYSTANDER']);
    const [attacker, defender, bystander] = players;
    const socket = server.listen(attacker.token);
    const live = everything(socket);
    await socket.watch(gameId);
    const { view } = await server.admin.ok('GET', `/games/${gameId}/view`);
    const home = (p: Player) => view.state.worlds.find((w: { owner: string }) => w.owner === p.id).number;

    await attacker.ok('POST', `/games/${gameId}/orders`, {
      text: `A,${home(attacker)},${home(defender)},10`,
      ready: true,
    });
    let turn = 1;
    for (; socket.of('combat.report').length === 0; turn++) {
      if (turn > 1) await attacker.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
      for (const p of [defender, bystander])
        await p.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
      await socket.waitFor('turn.opened', (n) => n.turn === turn + 1);
      expect(turn).toBeLessThan(12);
    }

    const positioned = live.filter((p) => p.payload.position !== undefined);
    expect(positioned.every((p) => typeof p.payload.id === 'string')).toBe(true);
    // Catch-up and live may both send a push: an id names one push, however often it comes.
    const distinct = new Set(
      positioned.map((p) => `${p.name} ${p.payload.position} ${String(p.payload.id)}`),
    );
    expect(new Set(positioned.map((p) => p.payload.id)).size).toBe(distinct.size);
    const [combat] = socket.of('combat.report');
    const resolution = positioned.filter((p) => p.payload.position === combat.position);
    expect(resolution.map((p) => p.name).sort()).toEqual(['combat.report', 'contact', 'report.ready']);
    expect(new Set(resolution.map((p) => p.payload.id)).size).toBe(3);

    // Caught up from the start, the same pushes come with the same ids.
    const again = server.listen(attacker.token);
    const replayed = everything(again);
    expect(await again.watch(gameId)).toMatchObject({ ok: true });
    expect(ids(replayed).sort()).toEqual([...new Set(ids(positioned))].sort());
  });

  it('a reminder has one too', async () => {
    const { gameId, players } = await startedGame(server.url, ['ALRAI', 'ERRAI']);
    const socket = server.listen(players[1].token);
    await socket.watch(gameId);
    const deadline = new Date(Date.now() + 2500).toISOString();
    await server.admin.ok('POST', `/games/${gameId}/deadline`, { deadline });
    const reminder = await socket.waitFor('turn.reminder', () => true, 15_000);
    expect(reminder).toMatchObject({ gameId, turn: 1, deadline, id: expect.any(String) });
  });
});

describe('pushes to a game room', () => {
  it('name players by empire, never by account id, live and on catch-up', async () => {
    const players = await signUpAll(server.url, ['CURSA', 'ZANIAH', 'PORRIMA']);
    const [a, b, c] = players;
    const gameId = await openGame([a], { settings: { firstFinalTurn: 1, lastFinalTurn: 1 } });
    const spectator = server.listen();
    const live = everything(spectator);
    expect(await spectator.watch(gameId)).toMatchObject({ ok: true });
    await c.ok('POST', `/games/${gameId}/join`, { empire: 'PORRIMA' });
    await c.ok('POST', `/games/${gameId}/leave`);
    await b.ok('POST', `/games/${gameId}/join`, { empire: 'ZANIAH' });
    await a.ok('POST', `/games/${gameId}/start`);
    await a.ok('POST', `/games/${gameId}/orders`, { text: '' });
    await a.ok('POST', `/games/${gameId}/ready`, { ready: true });
    await b.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
    await spectator.waitFor('game.ended');

    expect(spectator.of('game.updated').map((n) => n.players)).toContainEqual([
      { empire: 'CURSA' },
      { empire: 'ZANIAH' },
    ]);
    expect(spectator.of('submission.status').map((n) => n.empire)).toEqual(['CURSA', 'CURSA', 'ZANIAH']);
    const [ended] = spectator.of('game.ended') as { standings: { name: string }[] }[];
    expect(ended.standings.map((s) => s.name).sort()).toEqual(['CURSA', 'ZANIAH']);

    const late = server.listen();
    const replayed = everything(late);
    expect(await late.watch(gameId)).toMatchObject({ ok: true });
    expect(replayed.length).toBeGreaterThan(0);
    for (const pushes of [live, replayed]) {
      const json = JSON.stringify(pushes);
      for (const p of players) expect(json).not.toContain(p.id);
    }
  });
});
