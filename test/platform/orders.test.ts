import { buildOrders, Player, startedGame, withApp } from '../support/app';

const server = withApp();

interface StoredEvent {
  type: string;
  data: { submissionId?: string; playerId?: string };
}
const stream = async (gameId: string): Promise<StoredEvent[]> =>
  server.admin.ok('GET', `/games/${gameId}/events`);
const submissions = async (gameId: string) =>
  (await stream(gameId)).filter((e) => e.type === 'OrdersSubmitted');

const submit = (player: Player, gameId: string, body: unknown, key?: string) =>
  player.call('POST', `/games/${gameId}/orders`, body, key ? { 'idempotency-key': key } : {});

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
    expect(submitted.orders).toEqual([{ ...orders[0], line: 1 }]);
    expect(submitted.diagnostics).toContainEqual({
      line: 2,
      severity: 'error',
      message: expect.stringMatching(/item must be one of/),
    });
    const mine = await a.ok('GET', `/games/${gameId}/orders`);
    expect(mine.submission).toMatchObject({ text: null, orders: [{ ...orders[0], line: 1 }] });
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
