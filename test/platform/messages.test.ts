import { randomUUID } from 'node:crypto';
import { Client, Listener, openGame, Player, signUpAll, startedGame, withApp } from '../support/app';

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
interface Page {
  messages: Message[];
  next: string | null;
}
const page = (player: Client, gameId: string, query = ''): Promise<Page> =>
  player.ok('GET', `/games/${gameId}/messages${query}`);
const inbox = async (player: Player, gameId: string) =>
  (await page(player, gameId)).messages.map((m) => m.text);

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
    expect((await page(server.admin, gameId)).messages).toHaveLength(3);
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

describe('the message list', () => {
  it('comes in pages, oldest first, each with the cursor of the next', async () => {
    const { gameId, players } = await startedGame(server.url, ['MARKAB', 'SCHEAT', 'ALGENIB', 'ENIF']);
    const [a, b] = players;
    // 104 to everyone, more than one player may send in a minute; one in between for b only.
    const sent: string[] = [];
    for (const [i, p] of players.entries())
      for (let n = 0; n < 26; n++) {
        const text = `${i}-${n}`;
        await p.ok('POST', `/games/${gameId}/messages`, { to: 'all', text });
        sent.push(text);
        if (i === 0 && n === 0) await a.ok('POST', `/games/${gameId}/messages`, { to: [b.id], text: 'psst' });
      }

    const first = await page(b, gameId);
    expect(first.messages).toHaveLength(100);
    expect(first.messages.slice(0, 3).map((m) => m.text)).toEqual(['0-0', 'psst', '0-1']);
    expect(first.next).toBe(first.messages[99].messageId);
    const rest = await page(b, gameId, `?after=${first.next}`);
    expect(rest).toEqual({ messages: expect.any(Array), next: null });
    expect([...first.messages, ...rest.messages].map((m) => m.text)).toEqual([
      sent[0],
      'psst',
      ...sent.slice(1),
    ]);

    // Pages of 10 for c, who never saw 'psst': 104 messages, 11 pages.
    const c = players[2];
    const texts: string[] = [];
    let after = '';
    let pages = 0;
    for (;;) {
      const { messages, next } = await page(c, gameId, `?limit=10${after}`);
      texts.push(...messages.map((m) => m.text));
      pages++;
      if (next === null) break;
      after = `&after=${next}`;
    }
    expect(pages).toBe(11);
    expect(texts).toEqual(sent);
  });

  it('refuses a bad limit or cursor', async () => {
    const { gameId, players } = await startedGame(server.url, ['SADALMELIK', 'SADALSUUD']);
    const [a, b] = players;
    await a.ok('POST', `/games/${gameId}/messages`, { to: [b.id], text: 'for b' });
    const [last] = (await page(b, gameId)).messages;
    const [c] = await signUpAll(server.url, ['ANCHA']);
    const refusals: [Player, string, RegExp][] = [
      [a, '?limit=0', /limit must not be less than 1/],
      [a, '?limit=201', /limit must not be greater than 200/],
      [a, '?limit=ten', /limit must be an integer/],
      [a, '?after=not-an-id', /after must be a UUID/],
      [a, `?after=${randomUUID()}`, /No message .* among yours/],
      [a, '?before=1', /before should not exist/],
      [c, '', /not a player/],
    ];
    for (const [player, query, message] of refusals) {
      const res = await player.call('GET', `/games/${gameId}/messages${query}`);
      expect(res.status).toBe(player === c ? 403 : 400);
      expect(String(res.body.message)).toMatch(message);
    }
    expect(await page(a, gameId, `?after=${last.messageId}`)).toEqual({ messages: [], next: null });
  });
});

describe('sending messages', () => {
  it('is limited to 30 a minute per player and game: then 429 with Retry-After, nothing appended', async () => {
    const { gameId, players } = await startedGame(server.url, ['HAMAL', 'SHERATAN']);
    const other = await openGame(players);
    const [a, b] = players;
    const send = (gameId: string, text: string) =>
      fetch(`${server.url}/games/${gameId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
        body: JSON.stringify({ to: 'all', text }),
      });
    for (let n = 1; n <= 30; n++) expect((await send(gameId, `spam ${n}`)).status).toBe(201);
    const refused = await send(gameId, 'spam 31');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({ message: expect.stringMatching(/Too many messages/) });

    // Others, and the same player in another game, are not held back.
    await b.ok('POST', `/games/${gameId}/messages`, { to: 'all', text: 'from b' });
    expect((await send(other, 'elsewhere')).status).toBe(201);
    const texts = await inbox(b, gameId);
    expect(texts).toHaveLength(31);
    expect(texts).not.toContain('spam 31');
  });
});
