import { Client, Listener, Player, signUpAll, startedGame, until, withApp } from '../support/app';

const server = withApp();
let stranger: Player;
beforeAll(async () => ([stranger] = await signUpAll(server.url, ['Stranger'])));

interface FullState {
  finalTurn: number;
  worlds: { number: number; owner: string | null }[];
}

/** Everyone submits nothing and is ready: the turn closes and resolves. */
async function playTurn(gameId: string, players: Player[], turn: number) {
  const watcher = server.listen(players[0].token);
  await watcher.watch(gameId);
  for (const p of players) await p.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
  await watcher.waitFor('turn.resolved', (n) => n.turn === turn);
}

describe('players', () => {
  it("never read another player's reports or orders", async () => {
    const { gameId, players } = await startedGame(server.url, ['SIRIUS', 'PROCYON']);
    const [a, b] = players;
    await a.ok('POST', `/games/${gameId}/orders`, { text: 'B,1,A,1\n# secret plan' });
    await playTurn(gameId, players, 1);
    await a.ok('POST', `/games/${gameId}/orders`, { text: '# plan for turn 2' });

    const refused = await b.call('GET', `/games/${gameId}/reports?player=${a.id}`);
    expect(refused).toMatchObject({ status: 403, body: { message: expect.stringMatching(/Only admins/) } });
    const own = await b.ok('GET', `/games/${gameId}/reports?player=${b.id}`);
    expect(own.map((r: { playerId: string }) => r.playerId)).toEqual([b.id]);
    const audited = await server.admin.ok('GET', `/games/${gameId}/reports?player=${a.id}`);
    expect(audited.map((r: { playerId: string }) => r.playerId)).toEqual([a.id]);

    expect(await b.ok('GET', `/games/${gameId}/orders`)).toEqual({ turn: 2, submission: null });
    expect((await a.ok('GET', `/games/${gameId}/orders`)).submission.text).toBe('# plan for turn 2');
    expect((await stranger.call('GET', `/games/${gameId}/orders`)).status).toBe(403);
    expect((await stranger.call('GET', `/games/${gameId}/reports`)).status).toBe(403);
  });

  it('see in /view only the worlds they may see, and never the final turn', async () => {
    const { gameId, players } = await startedGame(server.url, ['CAPELLA', 'ARCTURUS', 'SPICA']);
    const { view: full } = await server.admin.ok('GET', `/games/${gameId}/view`);
    const state = full.state as FullState;
    for (const p of players) {
      const { view } = await p.ok('GET', `/games/${gameId}/view`);
      expect(view.role).toBe('player');
      const own = state.worlds.filter((w) => w.owner === p.id).map((w) => w.number);
      expect(own.length).toBeGreaterThan(0);
      expect(view.worlds.map((w: { number: number }) => w.number)).toEqual(own);
      // The map is public: positions and numbers, nothing of what is on the worlds.
      expect(view.map.worlds).toHaveLength(state.worlds.length);
      for (const w of view.map.worlds) expect(Object.keys(w).sort()).toEqual(['number', 'own', 'q', 'r']);
      const json = JSON.stringify(view);
      expect(json).not.toMatch(/finalTurn/);
      for (const other of players.filter((o) => o !== p)) expect(json).not.toContain(other.id);
    }
  });
});

describe('spectators', () => {
  it('see the public view of a public game, and anonymous sockets get no reports', async () => {
    const { gameId, players } = await startedGame(server.url, ['MIRA', 'ALGOL']);
    const anonymous = server.listen();
    expect(await anonymous.watch(gameId)).toMatchObject({ ok: true });
    for (const spectator of [new Client(server.url), stranger]) {
      const { view } = await spectator.ok('GET', `/games/${gameId}/view`);
      expect(Object.keys(view).sort()).toEqual(['map', 'players', 'role', 'turn']);
      expect(view).toMatchObject({ role: 'public', turn: 1, players: expect.arrayContaining(['MIRA']) });
      expect(view.map.worlds.some((w: { own: boolean }) => w.own)).toBe(false);
    }
    await playTurn(gameId, players, 1);
    await anonymous.waitFor('turn.resolved', (n) => n.turn === 1);
    expect(anonymous.of('report.ready')).toEqual([]);
  });

  it("are refused by a game that admits none, over HTTP and at the socket's watch", async () => {
    const { gameId, players } = await startedGame(server.url, ['HADAR', 'ACRUX'], { spectators: 'none' });
    for (const spectator of [new Client(server.url), stranger]) {
      const res = await spectator.call('GET', `/games/${gameId}/view`);
      expect(res).toMatchObject({ status: 403, body: { message: expect.stringMatching(/no spectators/) } });
    }
    for (const token of [undefined, stranger.token]) {
      expect(await server.listen(token).watch(gameId)).toMatchObject({ ok: false, error: /no spectators/ });
    }
    expect(await server.listen(players[1].token).watch(gameId)).toMatchObject({ ok: true });
    expect((await players[1].ok('GET', `/games/${gameId}/view`)).view.role).toBe('player');
  });

  it('of an after-end game wait for its end, then see the full record', async () => {
    const settings = { firstFinalTurn: 1, lastFinalTurn: 1 };
    const { gameId, players } = await startedGame(server.url, ['ALNAIR', 'ALNILAM'], {
      spectators: 'after-end',
      settings,
    });
    const early = await stranger.call('GET', `/games/${gameId}/view`);
    expect(early).toMatchObject({
      status: 403,
      body: { message: expect.stringMatching(/once it has ended/) },
    });
    expect(await server.listen().watch(gameId)).toMatchObject({ ok: false, error: /once it has ended/ });

    const watcher = server.listen(players[0].token);
    await watcher.watch(gameId);
    for (const p of players) await p.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
    await watcher.waitFor('game.ended');
    const { view } = await new Client(server.url).ok('GET', `/games/${gameId}/view`);
    expect(view).toMatchObject({ role: 'full', state: { finalTurn: 1, ended: true } });
    // The full record names empires: account ids are never public.
    for (const p of players) expect(JSON.stringify(view)).not.toContain(p.id);
    expect(JSON.stringify(view)).toContain('ALNAIR');
    const late = server.listen();
    expect(await late.watch(gameId)).toMatchObject({ ok: true });
    expect(late.of('game.ended')).toHaveLength(1);
    expect(late.of('report.ready')).toEqual([]);
  });
});

describe('the lobby and game details', () => {
  interface Summary {
    id: string;
    createdBy?: string;
    players: { id?: string; empire: string; submitted: boolean; ready: boolean }[];
    standings: { playerId?: string; name: string }[] | null;
  }
  const outsiders = () => [new Client(server.url), stranger];
  const listed = async (client: Client, gameId: string) =>
    ((await client.ok('GET', '/games')) as Summary[]).find((g) => g.id === gameId);
  /** Once the lobby's read model has caught up with `ready`, as one of the game's players sees it. */
  const lobbyShows = (player: Player, gameId: string, ready: (g: Summary) => boolean) =>
    until(async () => {
      const game = await listed(player, gameId);
      return game && ready(game) ? game : undefined;
    }, 'the lobby to show the game');
  /** Empires, who has submitted and the standings; never an account id. */
  const expectNoIds = (summary: Summary | undefined, players: Player[]) => {
    expect(summary).toBeDefined();
    expect(summary).not.toHaveProperty('createdBy');
    for (const p of summary!.players) expect(Object.keys(p).sort()).toEqual(['empire', 'ready', 'submitted']);
    for (const s of summary!.standings ?? []) expect(s).not.toHaveProperty('playerId');
    const json = JSON.stringify(summary);
    for (const p of players) expect(json).not.toContain(p.id);
  };

  it('show outsiders empires, never account ids; players and admins see the ids', async () => {
    const settings = { firstFinalTurn: 1, lastFinalTurn: 1 };
    const { gameId, players } = await startedGame(server.url, ['ALIOTH', 'MIZAR'], { settings });
    await players[0].ok('POST', `/games/${gameId}/orders`, { text: '' });
    await lobbyShows(players[0], gameId, (g) => g.players.some((p) => p.submitted));
    const empires = [
      { empire: 'ALIOTH', submitted: true, ready: false },
      { empire: 'MIZAR', submitted: false, ready: false },
    ];
    for (const outsider of outsiders()) {
      for (const summary of [await outsider.ok('GET', `/games/${gameId}`), await listed(outsider, gameId)]) {
        expectNoIds(summary, players);
        expect(summary.players).toEqual(empires);
      }
    }
    for (const insider of [...players, server.admin]) {
      for (const summary of [await insider.ok('GET', `/games/${gameId}`), await listed(insider, gameId)]) {
        expect(summary.createdBy).toBe(players[0].id);
        expect(summary.players.map((p: { id: string }) => p.id)).toEqual(players.map((p) => p.id));
      }
    }

    // The standings of the ended game name empires only.
    await playTurn(gameId, players, 1);
    const ended = await lobbyShows(players[0], gameId, (g) => g.standings !== null);
    expect(ended.standings!.map((s) => s.playerId).sort()).toEqual(players.map((p) => p.id).sort());
    for (const outsider of outsiders()) {
      for (const summary of [await outsider.ok('GET', `/games/${gameId}`), await listed(outsider, gameId)]) {
        expectNoIds(summary, players);
        expect(summary.standings.map((s: { name: string }) => s.name).sort()).toEqual(['ALIOTH', 'MIZAR']);
      }
    }
  });

  it("of a game that admits no spectators are its players' and admins' alone", async () => {
    const { gameId, players } = await startedGame(server.url, ['DUBHE', 'MERAK'], { spectators: 'none' });
    await lobbyShows(players[1], gameId, () => true);
    expect((await listed(server.admin, gameId))?.players).toHaveLength(2);
    for (const outsider of outsiders()) {
      expect(await listed(outsider, gameId)).toBeUndefined();
      const res = await outsider.call('GET', `/games/${gameId}`);
      expect(res).toMatchObject({ status: 403, body: { message: expect.stringMatching(/no spectators/) } });
    }
  });

  it('of an after-end game open to outsiders when it ends, without account ids', async () => {
    const settings = { firstFinalTurn: 1, lastFinalTurn: 1 };
    const options = { spectators: 'after-end', settings };
    const { gameId, players } = await startedGame(server.url, ['PHECDA', 'MEGREZ'], options);
    await lobbyShows(players[0], gameId, () => true);
    for (const outsider of outsiders()) {
      expect(await listed(outsider, gameId)).toBeUndefined();
      const res = await outsider.call('GET', `/games/${gameId}`);
      expect(res).toMatchObject({
        status: 403,
        body: { message: expect.stringMatching(/once it has ended/) },
      });
    }
    await playTurn(gameId, players, 1);
    await lobbyShows(players[0], gameId, (g) => g.standings !== null);
    for (const outsider of outsiders()) {
      expectNoIds(await outsider.ok('GET', `/games/${gameId}`), players);
      expectNoIds(await listed(outsider, gameId), players);
    }
  });
});

describe('sockets', () => {
  it("never carry another player's reports or messages meant for others", async () => {
    const { gameId, players } = await startedGame(server.url, ['ANTARES', 'SHAULA', 'LESATH']);
    const [a, b, c] = players;
    const sockets = players.map((p) => server.listen(p.token));
    for (const s of sockets) await s.watch(gameId);
    await a.ok('POST', `/games/${gameId}/messages`, { to: [b.id], text: 'for B only' });
    await c.ok('POST', `/games/${gameId}/messages`, { to: 'all', text: 'for everyone' });
    for (const p of players) await p.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
    for (const s of sockets) {
      await s.waitFor('turn.resolved', (n) => n.turn === 1);
      await s.waitFor('message', (n) => (n.message as { text: string }).text === 'for everyone');
    }
    for (const [i, s] of sockets.entries()) {
      const reports = s.of('report.ready') as { report: { data: { me: { id: string } } } }[];
      expect(reports.map((r) => r.report.data.me.id)).toEqual([players[i].id]);
    }
    const texts = (s: Listener) => s.of('message').map((n) => (n.message as { text: string }).text);
    expect(texts(sockets[0]).sort()).toEqual(['for B only', 'for everyone']);
    expect(texts(sockets[1]).sort()).toEqual(['for B only', 'for everyone']);
    expect(texts(sockets[2])).toEqual(['for everyone']);
  });

  it('refuse a bad token at the handshake with connect_error', async () => {
    const listener = server.listen('not-a-jwt');
    await expect(listener.connected()).rejects.toThrow(/Invalid access token/);
    expect(listener.socket.connected).toBe(false);
  });
});
