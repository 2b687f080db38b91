import { Client, empireOf, openGame, signUpAll, withApp } from '../support/app';

/**
 * What the web client asks of the api besides the game itself, over real HTTP and Socket.IO: an
 * empire name checked as it is typed, order forms written as rulebook text, and the lobby told of
 * the games listed for everyone.
 */
const server = withApp();

describe('the empire name check', () => {
  it("answers the ruleset's verdict, names taken in the game included", async () => {
    const players = await signUpAll(server.url, ['ORION', 'VEGA']);
    const gameId = await openGame(players.slice(0, 1));
    const check = (name: string) =>
      players[1].ok('GET', `/games/${gameId}/empire-name?name=${encodeURIComponent(name)}`);

    expect(await check('VEGA')).toEqual({ name: 'VEGA', error: null });
    expect((await check(empireOf(players[0]))).error).toMatch(/taken|already/i);
    // The join's own check: what it refuses, the join refuses with the same words.
    const refused = await check('NEW-VEGA');
    expect(refused.error).toMatch(/letters, digits/);
    const join = await players[1].call('POST', `/games/${gameId}/join`, { empire: 'NEW-VEGA' });
    expect(join).toMatchObject({ status: 400, body: { message: refused.error } });

    expect((await players[1].call('GET', `/games/${gameId}/empire-name`)).status).toBe(400);
    // Only a game open to join, that the caller may see: no probing the empires of others.
    await players[1].ok('POST', `/games/${gameId}/join`, { empire: 'VEGA' });
    await players[0].ok('POST', `/games/${gameId}/start`);
    expect(await players[1].call('GET', `/games/${gameId}/empire-name?name=VEGA`)).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/has already started/) },
    });
    const hidden = await openGame(players.slice(0, 1), { spectators: 'none' });
    expect((await players[1].call('GET', `/games/${hidden}/empire-name?name=VEGA`)).status).toBe(403);
    expect(await players[0].ok('GET', `/games/${hidden}/empire-name?name=VEGA`)).toEqual({
      name: 'VEGA',
      error: null,
    });
    expect((await new Client(server.url).call('GET', `/games/${gameId}/empire-name?name=VEGA`)).status).toBe(
      401,
    );
  });
});

describe('orders written as rulebook text', () => {
  it("writes JSON orders in the ruleset's syntax, one a line, and says what it cannot read", async () => {
    const anyone = new Client(server.url);
    expect(
      await anyone.ok('POST', '/rulesets/galactic-conflict/orders/format', {
        orders: [
          { type: 'build', world: 12, item: 'CP', econ: 5 },
          { type: 'move', from: 1, to: 2, unit: 'DF', count: 3 },
        ],
      }),
    ).toEqual({ text: 'B,12,C,5\nM,1,2,D,3', diagnostics: [] });
    expect(
      await anyone.ok('POST', '/rulesets/galaxy/orders/format', {
        orders: [{ type: 'send', group: 4, planet: 'New Home', ships: 2 }],
      }),
    ).toEqual({ text: 'S 4 New_Home 2', diagnostics: [] });
    // A group is a number or MAX (the highest numbered): the order type says so to the form.
    const galaxy = (await anyone.ok('GET', '/rulesets')).find((r: { id: string }) => r.id === 'galaxy');
    const send = galaxy.orderTypes.find((t: { name: string }) => t.name === 'send');
    expect(send.args[0]).toMatchObject({ name: 'group', type: 'int', words: ['MAX'] });
    expect(
      await anyone.ok('POST', '/rulesets/galaxy/orders/format', {
        orders: [{ type: 'send', group: 'MAX', planet: 'New Home' }],
      }),
    ).toEqual({ text: 'S MAX New_Home', diagnostics: [] });

    const bad = await anyone.ok('POST', '/rulesets/galactic-conflict/orders/format', {
      orders: [{ type: 'build', world: 0, item: 'CP', econ: 5 }],
    });
    expect(bad.diagnostics).toEqual([expect.objectContaining({ line: 1, severity: 'error' })]);

    expect((await anyone.call('POST', '/rulesets/no-such/orders/format', { orders: [] })).status).toBe(404);
    expect((await anyone.call('POST', '/rulesets/galaxy/orders/format', { orders: 'S 4 X' })).status).toBe(
      400,
    );
  });
});

describe('the lobby', () => {
  it('is told when a game listed for everyone is created, joined or started, and of no other', async () => {
    const players = await signUpAll(server.url, ['ORION', 'VEGA']);
    const lobby = server.listen();
    await lobby.connected();
    expect(await lobby.socket.emitWithAck('lobby.watch')).toEqual({ ok: true });

    const hidden = await openGame(players, { spectators: 'none' });
    const listed = await openGame(players);
    await players[0].ok('POST', `/games/${listed}/start`);
    const pushed = () => lobby.of('lobby.game').map((p) => [p.gameId, p.event]);
    await lobby.waitFor('lobby.game', (p) => p.gameId === listed && p.event === 'GameStarted');
    expect(pushed()).toEqual([
      [listed, 'GameCreated'],
      [listed, 'PlayerJoined'],
      [listed, 'PlayerJoined'],
      [listed, 'GameStarted'],
    ]);
    expect(lobby.of('lobby.game').every((p) => typeof p.id === 'string' && p.position)).toBe(true);
    expect(pushed().some(([id]) => id === hidden)).toBe(false);

    // Left, it hears of no more.
    expect(await lobby.socket.emitWithAck('lobby.unwatch')).toEqual({ ok: true });
    const after = await openGame(players.slice(0, 1));
    const watcher = server.listen();
    await watcher.socket.emitWithAck('lobby.watch');
    const later = await openGame(players.slice(0, 1));
    await watcher.waitFor('lobby.game', (p) => p.gameId === later);
    expect(pushed().some(([id]) => id === after || id === later)).toBe(false);
  });
});
