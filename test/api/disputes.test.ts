import {
  ADMIN,
  buildOrders,
  Client,
  logInAdmin,
  type Player,
  signUpAll,
  startApp,
  startedGame,
  testEnv,
  until,
  withApp,
} from '../support/app';
import { playTurn } from '../support/play-turn';

/**
 * A disputed turn settled from the record: a player's orders were lost, the player disputes the
 * turn, an admin upholds it, voids the turn and has it resolved again with the orders amended. The
 * record keeps both resolutions, every step names its actor, and the record moves to another
 * Warpgate only whole and true.
 */
const server = withApp();

type Event = {
  id: string;
  revision: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
};
type World = { owner: string; af: number };

/** The attack fleets on the player's worlds, as their own view shows them. */
async function fleets(player: Player, gameId: string) {
  const { view } = await player.ok('GET', `/games/${gameId}/view`);
  return (view.worlds as World[]).filter((w) => w.owner === view.me.name).reduce((n, w) => n + w.af, 0);
}

/** The game's record as JSON lines, from `client`'s Warpgate. */
async function exported(client: Client, gameId: string) {
  const res = await fetch(`${client.url}/games/${gameId}/export`, {
    headers: { authorization: `Bearer ${client.token}` },
  });
  expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  return res.text();
}

/** POST /games/import of `record` to `client`'s Warpgate. */
async function imported(client: Client, record: string) {
  const res = await fetch(`${client.url}/games/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/x-ndjson' },
    body: record,
  });
  return { status: res.status, body: await res.json() };
}

describe('a turn disputed, voided and resolved again', () => {
  let gameId: string;

  it('ends in the amended outcome, with the old one still in the record and every step attributed', async () => {
    let players: Player[];
    ({ gameId, players } = await startedGame(server.url, ['ANTARES', 'BELLATRIX']));
    const [antares, bellatrix] = players;
    const sockets = players.map((p) => server.listen(p.token));
    for (const s of sockets) await s.watch(gameId);
    const admin = await logInAdmin(server.url);

    // Bellatrix's orders were lost on the way: the turn resolves with none of them.
    await antares.ok('POST', `/games/${gameId}/orders`, {
      text: await buildOrders(antares, gameId),
      ready: true,
    });
    const lost = await buildOrders(bellatrix, gameId, 'A', 2);
    await bellatrix.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
    await until(async () => (await antares.ok('GET', `/games/${gameId}`)).turn === 2, 'turn 1 resolved');
    const without = await fleets(bellatrix, gameId);

    expect(
      (await bellatrix.call('POST', `/games/${gameId}/turns/2/disputes`, { text: 'Too soon' })).status,
    ).toBe(409);
    const dispute = await bellatrix.ok('POST', `/games/${gameId}/turns/1/disputes`, {
      text: 'My orders for turn 1 were sent but never arrived',
    });
    expect(dispute).toMatchObject({ turn: 1, playerId: bellatrix.id, ruling: null });
    const { disputeId } = dispute;
    expect(await antares.ok('GET', `/games/${gameId}/disputes`)).toEqual([]);
    expect(await admin.ok('GET', `/games/${gameId}/disputes`)).toEqual([dispute]);

    const voiding = {
      disputeId,
      reason: 'Orders lost in transit',
      amended: [{ playerId: bellatrix.id, text: lost }],
    };
    expect((await admin.call('POST', `/games/${gameId}/turns/1/void`, voiding)).status).toBe(409);
    const ruling = { upheld: true, note: 'The mail server dropped them' };
    expect((await antares.call('POST', `/games/${gameId}/disputes/${disputeId}/ruling`, ruling)).status).toBe(
      403,
    );
    expect(await admin.ok('POST', `/games/${gameId}/disputes/${disputeId}/ruling`, ruling)).toMatchObject({
      ruling: { ...ruling, actor: admin.id },
    });
    expect(await sockets[1].waitFor('dispute.ruled')).toMatchObject({ disputeId, turn: 1, ...ruling });
    // Which admin ruled is in the record, for admins.
    expect(await bellatrix.ok('GET', `/games/${gameId}/disputes`)).toEqual([{ ...dispute, ruling }]);
    expect(sockets[0].of('dispute.ruled')).toEqual([]);
    expect((await admin.call('POST', `/games/${gameId}/disputes/${disputeId}/ruling`, ruling)).status).toBe(
      409,
    );

    expect((await antares.call('POST', `/games/${gameId}/turns/1/void`, voiding)).status).toBe(403);
    expect((await admin.call('POST', `/games/${gameId}/turns/2/void`, voiding)).status).toBe(409);
    expect(await admin.ok('POST', `/games/${gameId}/turns/1/void`, voiding)).toMatchObject({
      turn: 1,
      closed: true,
    });
    for (const s of sockets)
      expect(await s.waitFor('turn.voided')).toMatchObject({ turn: 1, reason: voiding.reason });
    await until(async () => {
      const game = await antares.ok('GET', `/games/${gameId}`);
      return game.turn === 2 && !game.closed;
    }, 'turn 1 resolved again');
    expect((await admin.call('POST', `/games/${gameId}/turns/1/void`, voiding)).status).toBe(409);

    // The amended outcome: Bellatrix built what the lost orders said.
    expect(await fleets(bellatrix, gameId)).toBeGreaterThan(without);
    for (const s of sockets)
      await until(() => s.of('report.ready').filter((n) => n.turn === 1).length === 2, 'the new report');
    const [report] = await bellatrix.ok('GET', `/games/${gameId}/reports?turn=1`);
    expect(report.matches).toBe(true);

    const events = (await admin.ok('GET', `/games/${gameId}/events`)) as Event[];
    const resolved = events.filter((e) => e.type === 'TurnResolved');
    expect(resolved.map((e) => e.data.turn)).toEqual([1, 1]);
    expect(resolved[0].data.stateHash).not.toBe(resolved[1].data.stateHash);
    const issued = events.filter((e) => e.type === 'ReportIssued' && e.data.playerId === bellatrix.id);
    expect(issued.map((e) => e.data.hash)).toEqual([expect.any(String), report.hash]);
    const step = (type: string) => events.find((e) => e.type === type)!;
    expect(step('DisputeOpened').metadata.actor).toBe(bellatrix.id);
    expect(step('DisputeRuled')).toMatchObject({
      data: { ...ruling, actor: admin.id },
      metadata: { actor: admin.id },
    });
    expect(step('TurnVoided')).toMatchObject({
      data: { turn: 1, disputeId, reason: voiding.reason, actor: admin.id },
      metadata: { actor: admin.id },
    });
    const amended = events.filter((e) => e.type === 'OrdersSubmitted').at(-1)!;
    expect(amended).toMatchObject({
      data: { playerId: bellatrix.id, text: lost, ready: true },
      metadata: { actor: admin.id },
    });

    const audit = await admin.ok('GET', `/games/${gameId}/turns/1/audit`);
    expect(audit.resolutions).toHaveLength(2);
    const [voided, standing] = audit.resolutions;
    expect(voided.voided).toMatchObject({ actor: admin.id, disputeId, reason: voiding.reason });
    expect(standing.voided).toBeNull();
    expect(standing.counted[bellatrix.id]).toBe(amended.data.submissionId);
    for (const r of audit.resolutions) expect(r.verification.matches).toBe(true);
    expect(audit.submissions.filter((s: { playerId: string }) => s.playerId === bellatrix.id)).toEqual([
      expect.objectContaining({ actor: bellatrix.id, text: '', counted: false }),
      expect.objectContaining({ actor: admin.id, text: lost, counted: true }),
    ]);
    expect(await admin.ok('GET', `/games/${gameId}/verify`)).toMatchObject({
      verified: true,
      resolutions: 3,
      turns: 1,
    });

    // The game goes on; turn 1 is no longer the latest resolved.
    await playTurn(players, gameId, 2);
    expect((await admin.call('POST', `/games/${gameId}/turns/1/void`, voiding)).status).toBe(409);
    // A process with no fold cached rebuilds turn 1's report from the end of its standing resolution
    // (its snapshot of the voided one is stale).
    const fresh = await startApp(server.env, { withWorker: false });
    try {
      const [rebuilt] = await new Client(fresh.url, bellatrix.token).ok(
        'GET',
        `/games/${gameId}/reports?turn=1`,
      );
      expect(rebuilt).toMatchObject({ hash: report.hash, matches: true });
    } finally {
      await fresh.app.close();
    }
  });

  /** A game that ended with turn 1, its players' orders given (none). */
  async function endedGame(names: string[], options: Record<string, unknown> = {}) {
    const game = await startedGame(server.url, names, {
      settings: { firstFinalTurn: 1, lastFinalTurn: 1 },
      ...options,
    });
    for (const p of game.players)
      await p.ok('POST', `/games/${game.gameId}/orders`, { text: '', ready: true });
    await ended(game.gameId, 1);
    return game;
  }
  /** Once the game ended `times` times (a void undoes an end). */
  const ended = (id: string, times: number) =>
    until(
      async () =>
        ((await server.admin.ok('GET', `/games/${id}/events`)) as Event[]).filter(
          (e) => e.type === 'GameEnded',
        ).length === times,
      `game ${id} ended`,
    );

  it('exports as JSON lines that another Warpgate imports, verified, and exports again the same', async () => {
    // The game above goes on: imported, it would be played on.
    const running = await exported(server.admin, gameId);
    // The turn that ended a game whose record is open to admins only is voided, and resolved again.
    const { gameId: endedId, players } = await endedGame(['CASTOR', 'POLLUX'], { spectators: 'none' });
    const [castor] = players;
    const amended = [{ playerId: castor.id, text: '' }];
    const { disputeId } = await castor.ok('POST', `/games/${endedId}/turns/1/disputes`, { text: 'Lost' });
    const ruling = { upheld: true, note: 'Lost' };
    await server.admin.ok('POST', `/games/${endedId}/disputes/${disputeId}/ruling`, ruling);
    await server.admin.ok('POST', `/games/${endedId}/turns/1/void`, { disputeId, reason: 'Lost', amended });
    await ended(endedId, 2);
    const record = await exported(server.admin, endedId);
    const lines = record.trim().split('\n');
    expect(lines).toHaveLength((await server.admin.ok('GET', `/games/${endedId}/events`)).length);
    const another = await exported(server.admin, (await endedGame(['DENEB', 'ALTAIR'])).gameId);

    const other = await startApp(testEnv(ADMIN));
    try {
      const admin = await logInAdmin(other.url);
      const [stranger] = await signUpAll(other.url, ['STRANGER']);
      expect((await imported(stranger, record)).status).toBe(403);
      expect((await stranger.call('GET', `/games/${endedId}/export`)).status).toBe(403);

      // Tampered with: the voided resolution's outcome, forged.
      const at = lines.findIndex((l) => (JSON.parse(l) as Event).type === 'TurnResolved');
      const forged = JSON.parse(lines[at]) as Event;
      forged.data.stateHash = 'forged';
      const tampered = lines.map((l, i) => (i === at ? JSON.stringify(forged) : l)).join('\n');
      expect(await imported(admin, tampered)).toMatchObject({
        status: 422,
        body: {
          verification: {
            verified: false,
            firstDifference: { turn: 1, stored: { revision: forged.revision } },
          },
        },
      });
      expect((await imported(admin, `${record}{"not": "an event"}\n`)).status).toBe(400);
      expect(await imported(admin, running)).toMatchObject({
        status: 422,
        body: { message: 'Only the record of a game that has ended is imported' },
      });
      const created = JSON.parse(lines[0]) as Event;
      const upper = { ...created, data: { ...created.data, gameId: endedId.toUpperCase() } };
      expect((await imported(admin, [JSON.stringify(upper), ...lines.slice(1)].join('\n'))).status).toBe(400);
      expect((await admin.call('GET', `/games/${endedId}`)).status).toBe(404);

      expect(await imported(admin, record)).toMatchObject({
        status: 201,
        body: {
          gameId: endedId,
          events: lines.length,
          verification: { verified: true, resolutions: 3, turns: 1 },
        },
      });
      expect(await exported(admin, endedId)).toBe(record);
      const here = await server.admin.ok('GET', `/games/${endedId}`);
      expect(here).toMatchObject({ status: 'ended' });
      expect(await admin.ok('GET', `/games/${endedId}`)).toEqual(here);
      expect(await admin.ok('GET', `/games/${endedId}/verify`)).toMatchObject({ verified: true });
      expect(await admin.ok('GET', `/games/${endedId}/turns/1/audit`)).toEqual(
        await server.admin.ok('GET', `/games/${endedId}/turns/1/audit`),
      );

      // The same again changes nothing; a part of it (the game as it first ended) is another record.
      expect((await imported(admin, record)).status).toBe(201);
      const firstEnd = lines.findIndex((l) => (JSON.parse(l) as Event).type === 'GameEnded');
      expect((await imported(admin, lines.slice(0, firstEnd + 1).join('\n'))).status).toBe(409);
      // Another game's record, with an event id of this one.
      const [anotherCreated, joined, ...rest] = another.trim().split('\n');
      const copied = { ...(JSON.parse(joined) as Event), id: (JSON.parse(lines[1]) as Event).id };
      expect(
        (await imported(admin, [anotherCreated, JSON.stringify(copied), ...rest].join('\n'))).status,
      ).toBe(409);
      expect(await exported(admin, endedId)).toBe(record);
    } finally {
      await other.app.close();
    }
  });
});
