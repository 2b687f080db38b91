import { buildOrders, Player, startedGame, withApp } from '../support/app';

const server = withApp();

interface StoredEvent {
  type: string;
  data: { submissionId?: string; playerId?: string; idempotency?: { key: string; fingerprint: string } };
}
const stream = async (gameId: string): Promise<StoredEvent[]> =>
  server.admin.ok('GET', `/games/${gameId}/events`);
const submissions = async (gameId: string) =>
  (await stream(gameId)).filter((e) => e.type === 'OrdersSubmitted');

const submit = (player: Player, gameId: string, body: unknown, key?: string) =>
  player.call('POST', `/games/${gameId}/orders`, body, key === undefined ? {} : { 'idempotency-key': key });

/** The orders of the player's report for `turn`, as the book writes them. */
async function reportedOrders(player: Player, gameId: string, turn: number) {
  const [report] = await player.ok('GET', `/games/${gameId}/reports?turn=${turn}`);
  const worlds = report.report.data.worlds as { orders: { order: string }[] }[];
  return worlds.flatMap((w) => w.orders.map((o) => o.order));
}

describe('Idempotency-Key', () => {
  it('makes a retried submission append once and answer the same', async () => {
    const { gameId, players } = await startedGame(server.url, ['KOCHAB', 'PHERKAD']);
    const [a] = players;
    const text = await buildOrders(a, gameId);
    const first = await submit(a, gameId, { text }, 'key-1');
    const again = await submit(a, gameId, { text }, 'key-1');
    expect(first.status).toBe(201);
    expect(again).toEqual(first);
    expect((await submissions(gameId)).map((e) => e.data.submissionId)).toEqual([first.body.submissionId]);

    const racing = await Promise.all([1, 2, 3].map(() => submit(a, gameId, { text }, 'key-2')));
    expect(racing.every((r) => r.status === 201)).toBe(true);
    expect(racing[1]).toEqual(racing[0]);
    expect(racing[2]).toEqual(racing[0]);
    expect(racing[0].body.submissionId).not.toBe(first.body.submissionId);
    expect(await submissions(gameId)).toHaveLength(2);

    // The same key from another player is another submission.
    const other = await submit(players[1], gameId, { text: '' }, 'key-1');
    expect(other.body.submissionId).not.toBe(first.body.submissionId);
    expect(await submissions(gameId)).toHaveLength(3);
  });

  it('the same key with another body: 422, and the first submission stands', async () => {
    const { gameId, players } = await startedGame(server.url, ['MIRFAK', 'ALGENIB']);
    const [a] = players;
    const text = await buildOrders(a, gameId);
    const first = await submit(a, gameId, { text, ready: false }, 'key-1');
    // The same body with its members in another order is the same request.
    expect(await submit(a, gameId, { ready: false, text }, 'key-1')).toEqual(first);
    const changed = await submit(a, gameId, { text: '', ready: false }, 'key-1');
    expect(changed).toMatchObject({
      status: 422,
      body: { message: 'Idempotency-Key "key-1" was used for other orders this turn: use a new key' },
    });
    const stored = await submissions(gameId);
    expect(stored.map((e) => e.data.idempotency)).toEqual([
      { key: 'key-1', fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    expect((await a.ok('GET', `/games/${gameId}/orders`)).submission.text).toBe(text);
  });

  it('is scoped to the turn: used again in the next turn, it submits there', async () => {
    const { gameId, players } = await startedGame(server.url, ['ALPHARD', 'ALKES']);
    const [a, b] = players;
    const watcher = server.listen(a.token);
    await watcher.watch(gameId);
    const one = await submit(a, gameId, { text: '', ready: true }, 'every-turn');
    await b.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
    await watcher.waitFor('turn.opened', (n) => n.turn === 2);
    const two = await submit(a, gameId, { text: '', ready: true }, 'every-turn');
    expect(two).toMatchObject({ status: 201, body: { turn: 2 } });
    expect(two.body.submissionId).not.toBe(one.body.submissionId);
    expect(await a.ok('GET', `/games/${gameId}/orders`)).toMatchObject({
      turn: 2,
      submission: { submissionId: two.body.submissionId },
    });
  });

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['not printable ASCII', 'clé'],
  ])('a key that is %s: 400, nothing appended', async (_, key) => {
    const { gameId, players } = await startedGame(server.url, ['ALDIB', 'ALSAFI']);
    const res = await submit(players[0], gameId, { text: '' }, key);
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Idempotency-Key must be 1 to 255 printable ASCII characters' },
    });
    expect(await submissions(gameId)).toEqual([]);
  });

  it('without a key, every submission is appended', async () => {
    const { gameId, players } = await startedGame(server.url, ['THUBAN', 'EDASICH']);
    const one = await players[0].ok('POST', `/games/${gameId}/orders`, { text: '' });
    const two = await players[0].ok('POST', `/games/${gameId}/orders`, { text: '' });
    expect(one.submissionId).not.toBe(two.submissionId);
    expect(await submissions(gameId)).toHaveLength(2);
  });
});

describe('submissions', () => {
  it('the last one before the close counts', async () => {
    const { gameId, players } = await startedGame(server.url, ['TARAZED', 'ALSHAIN']);
    const [a, b] = players;
    const watcher = server.listen(a.token);
    await watcher.watch(gameId);
    const firstText = await buildOrders(a, gameId, 'A', 1);
    const lastText = await buildOrders(a, gameId, 'C', 2);
    await a.ok('POST', `/games/${gameId}/orders`, { text: firstText });
    const last = await a.ok('POST', `/games/${gameId}/orders`, { text: lastText });
    expect(await a.ok('GET', `/games/${gameId}/orders`)).toMatchObject({
      turn: 1,
      submission: { submissionId: last.submissionId, text: lastText, ready: false },
    });
    await b.ok('POST', `/games/${gameId}/orders`, { text: '' });
    await server.admin.ok('POST', `/games/${gameId}/turns/1/close`);
    await watcher.waitFor('turn.resolved', (n) => n.turn === 1);

    expect(await reportedOrders(a, gameId, 1)).toEqual(lastText.split('\n'));
    expect(await a.ok('GET', `/games/${gameId}/orders`)).toEqual({ turn: 2, submission: null });
  });

  it('naming a turn the game has left: 409, nothing appended', async () => {
    const { gameId, players } = await startedGame(server.url, ['SADALMELIK', 'SADALSUUD']);
    const [a, b] = players;
    const watcher = server.listen(a.token);
    await watcher.watch(gameId);
    expect(await a.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true, turn: 1 })).toMatchObject({
      turn: 1,
    });
    await b.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
    await watcher.waitFor('turn.opened', (n) => n.turn === 2);
    const before = await submissions(gameId);
    const message = 'These orders are for turn 1, but the game is at turn 2';
    for (const path of ['orders', 'orders/check'])
      expect(await a.call('POST', `/games/${gameId}/${path}`, { text: '', turn: 1 })).toMatchObject({
        status: 409,
        body: { message },
      });
    expect(await submissions(gameId)).toEqual(before);
    expect(await a.ok('POST', `/games/${gameId}/orders`, { text: '', turn: 2 })).toMatchObject({ turn: 2 });
  });

  it('a dry run checks the orders and appends nothing', async () => {
    const { gameId, players } = await startedGame(server.url, ['ALPHECCA', 'NUSAKAN']);
    const [a] = players;
    const text = `${await buildOrders(a, gameId)}\nB,1,Q,1`;
    const before = await stream(gameId);
    const checked = await a.ok('POST', `/games/${gameId}/orders/check`, { text });
    expect(checked.orders.length).toBeGreaterThan(0);
    expect(checked.diagnostics).toContainEqual({
      line: text.split('\n').length,
      severity: 'error',
      message: expect.stringMatching(/item "Q"/),
    });
    expect(await stream(gameId)).toEqual(before);
    expect(await a.ok('GET', `/games/${gameId}/orders`)).toEqual({ turn: 1, submission: null });
  });

  it('keeps a text once, with its warnings and errors; the answer has every diagnostic and the orders', async () => {
    const { gameId, players } = await startedGame(server.url, ['ANKAA', 'DIPHDA']);
    const [a] = players;
    const text = `${await buildOrders(a, gameId)}\nB,1,Q,1`;
    const submitted = await a.ok('POST', `/games/${gameId}/orders`, { text });
    const severities = submitted.diagnostics.map((d: { severity: string }) => d.severity);
    expect(severities).toEqual(expect.arrayContaining(['info', 'error']));
    expect(submitted.orders.length).toBeGreaterThan(0);
    const told = submitted.diagnostics.filter((d: { severity: string }) => d.severity !== 'info');
    const [stored] = await submissions(gameId);
    expect(stored.data).toMatchObject({ text, orders: null, diagnostics: told });
    expect((await a.ok('GET', `/games/${gameId}/orders`)).submission).toMatchObject({
      text,
      orders: null,
      diagnostics: told,
    });
  });

  it('takes JSON orders', async () => {
    const { gameId, players } = await startedGame(server.url, ['MARKAB', 'SCHEAT']);
    const [a] = players;
    const { view } = await a.ok('GET', `/games/${gameId}/view`);
    const world = view.worlds[0].number as number;
    const orders = [
      { type: 'build', world, item: 'CP', econ: 2 },
      { type: 'build', world, item: 'nothing', econ: 1 },
    ];
    const submitted = await a.ok('POST', `/games/${gameId}/orders`, { orders });
    // The item it could not read is kept as such, to be echoed as rejected in the printout.
    const read = [
      { ...orders[0], line: 1 },
      {
        type: 'unreadable',
        line: 2,
        text: expect.stringMatching(/^\{"type":"build"/),
        message: expect.any(String),
      },
    ];
    expect(submitted.orders).toEqual(read);
    expect(submitted.diagnostics).toContainEqual({
      line: 2,
      severity: 'error',
      message: expect.stringMatching(/item must be one of/),
    });
    const mine = await a.ok('GET', `/games/${gameId}/orders`);
    expect(mine.submission).toMatchObject({ text: null, orders: read });
  });
});

describe('ready', () => {
  it('is set with the submission or with POST /ready, and the turn closes when all are ready', async () => {
    const { gameId, players } = await startedGame(server.url, ['ZOSMA', 'CHORT']);
    const [a, b] = players;
    const watcher = server.listen(a.token);
    await watcher.watch(gameId);
    await a.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
    await b.ok('POST', `/games/${gameId}/orders`, { text: '' });
    const status = async () =>
      (await b.ok('GET', `/games/${gameId}`)).players.map((p: { ready: boolean }) => p.ready);
    expect(await status()).toEqual([true, false]);

    await a.ok('POST', `/games/${gameId}/ready`, { ready: false });
    expect(await status()).toEqual([false, false]);
    await b.ok('POST', `/games/${gameId}/ready`, { ready: true });
    expect(await status()).toEqual([false, true]);
    const closed = await a.ok('POST', `/games/${gameId}/ready`, { ready: true });
    expect(closed).toMatchObject({ turn: 1, closed: true });
    await watcher.waitFor('turn.resolved', (n) => n.turn === 1);
    expect(watcher.of('turn.closed')).toMatchObject([{ turn: 1, reason: 'all-ready' }]);
  });
});
