import { Client, Listener, Player, signUpAll, startedGame, withApp } from '../support/app';

const server = withApp();

interface Message {
  messageId: string;
  from: string;
  to: string[] | 'all';
  text: string;
  turn: number;
  fromEmpire?: string;
}
const texts = (listener: Listener) => listener.of('message').map((n) => (n.message as Message).text);
const inbox = async (player: Player, gameId: string) =>
  ((await player.ok('GET', `/games/${gameId}/messages`)) as Message[]).map((m) => m.text);

/** Four players watching their game, and a spectator. */
async function watchedGame(names: string[]) {
  const { gameId, players } = await startedGame(server.url, names);
  const sockets = players.map((p) => server.listen(p.token));
  const spectator = server.listen();
  for (const s of [...sockets, spectator]) expect(await s.watch(gameId)).toMatchObject({ ok: true });
  return { gameId, players, sockets, spectator };
}

describe('messages', () => {
  it('reach exactly their recipients and the sender, live and in the store', async () => {
    const { gameId, players, sockets, spectator } = await watchedGame([
      'CANOPUS',
      'MIAPLACIDUS',
      'AVIOR',
      'ASPIDISKE',
    ]);
    const [a, b, c, d] = players;
    const send = (from: Player, to: string[] | 'all', text: string) =>
      from.ok('POST', `/games/${gameId}/messages`, { to, text });
    await send(a, [b.id], 'a to b');
    await send(b, [c.id, d.id, c.id], 'b to c and d');
    await send(d, 'all', 'd to all');
    // The last message reaches everyone, and each socket gets messages in the order they were sent.
    for (const s of sockets) await s.waitFor('message', (n) => (n.message as Message).text === 'd to all');

    const expected = [
      ['a to b', 'd to all'],
      ['a to b', 'b to c and d', 'd to all'],
      ['b to c and d', 'd to all'],
      ['b to c and d', 'd to all'],
    ];
    for (const [i, s] of sockets.entries()) {
      expect(texts(s)).toEqual(expected[i]);
      expect(await inbox(players[i], gameId)).toEqual(expected[i]);
    }
    expect(spectator.of('message')).toEqual([]);
    const [message] = sockets[2].of('message').map((n) => n.message as Message);
    expect(message).toMatchObject({ from: b.id, to: [c.id, d.id], turn: 1, fromEmpire: 'MIAPLACIDUS' });

    const events: { type: string; data: Message }[] = await server.admin.ok('GET', `/games/${gameId}/events`);
    const stored = events.filter((e) => e.type === 'MessageSent').map((e) => e.data);
    expect(stored.map((m) => [m.from, m.to, m.text])).toEqual([
      [a.id, [b.id], 'a to b'],
      [b.id, [c.id, d.id], 'b to c and d'],
      [d.id, 'all', 'd to all'],
    ]);
    expect((await server.admin.ok('GET', `/games/${gameId}/messages`)).length).toBe(3);
  });

  it('are read only by the players of the game', async () => {
    const { gameId, players } = await startedGame(server.url, ['ACHERNAR', 'ANKAA']);
    await players[0].ok('POST', `/games/${gameId}/messages`, { to: 'all', text: 'hello all' });
    const [stranger] = await signUpAll(server.url, ['NOSY']);
    const refused = await stranger.call('GET', `/games/${gameId}/messages`);
    expect(refused).toMatchObject({ status: 403, body: { message: expect.stringMatching(/not a player/) } });
    expect((await new Client(server.url).call('GET', `/games/${gameId}/messages`)).status).toBe(401);
    const sent = await stranger.call('POST', `/games/${gameId}/messages`, { to: 'all', text: 'hi' });
    expect(sent.status).toBe(403);
    expect(await inbox(players[1], gameId)).toEqual(['hello all']);
  });

  it('sent while a player was away reach them through watch catch-up', async () => {
    const { gameId, players, sockets } = await watchedGame(['FOMALHAUT', 'DIPHDA']);
    const [a, b] = players;
    await a.ok('POST', `/games/${gameId}/messages`, { to: [b.id], text: 'before' });
    const seen = await sockets[1].waitFor('message');
    sockets[1].close();

    await a.ok('POST', `/games/${gameId}/messages`, { to: [b.id], text: 'while away 1' });
    await a.ok('POST', `/games/${gameId}/messages`, { to: 'all', text: 'while away 2' });
    await sockets[0].waitFor('message', (n) => (n.message as Message).text === 'while away 2');

    const back = server.listen(b.token);
    expect(await back.watch(gameId, seen.position as string)).toMatchObject({ ok: true });
    expect(texts(back)).toEqual(['while away 1', 'while away 2']);
  });
});
