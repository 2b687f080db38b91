import type { PlayerView, SfState } from '@warpgate/rulesets/space-farce';
import { systemOf, wpArea } from '@warpgate/rulesets/space-farce/state';
import { Client, empireOf, startedGame, until, withApp, type Listener, type Player } from '../support/app';

const server = withApp();

/** Months played: the turn limit ends the game (digest §9), the highest score wins. */
const LENGTH = 4;
/** Each empire's own ship class: a secret of its designs that the other must never see. */
const CLASSES = ['AQX', 'BQX'];

/**
 * A month's orders as a player writes them from its last view (nothing else: what a client knows):
 * research, PCF and a destroyer of the empire's own class at home every month, and in month 2 the
 * starting task force sent through the first warp point its home system knows.
 */
function orders(v: PlayerView, cls: string): string {
  const home = v.me.home;
  const lines = [`RESEARCH 5 QUEUE GEN1`, `BUILD ${home} PCF 2`, `BUILD ${home} ${cls} "SOE"`];
  if (v.month === 2) {
    const system = systemOf(home);
    const [wp] = v.systems.find((s) => s.id === system)!.wps;
    lines.push(`TF1: -> ${wp.area} -> ${wpArea(wp.to, system)}`);
  }
  return lines.join('\n');
}

describe('Space Farce through the platform', () => {
  it('is played over HTTP and Socket.IO from the lobby to the turn limit, keeping each side’s secrets', async () => {
    const { gameId, players } = await startedGame(server.url, ['ALTAIR', 'BETELGEUSE'], {
      ruleset: 'space-farce',
      settings: { length: LENGTH, systemsPerPlayer: 5 },
    });
    const sockets = players.map((p) => server.listen(p.token));
    for (const s of sockets) expect(await s.watch(gameId)).toMatchObject({ ok: true });
    const spectator = new Client(server.url);
    const full = async () =>
      (await server.admin.ok('GET', `/games/${gameId}/view`)).view as SfState & { role: 'admin' };

    // The web client's order form: the platform's named JSON form, written as the digest's text.
    const formatted = await players[0].ok('POST', '/rulesets/space-farce/orders/format', {
      orders: [{ type: 'ship', builder: '20 2H', cls: 'DD', design: 'SOE', count: 2 }],
    });
    expect(formatted).toEqual({ text: 'BUILD 20 2H DD "SOE" x2', diagnostics: [] });

    /**
     * What a player may see holds no secret of the other empire: no account id, none of its
     * treasury, MP, research, tech or outlook, and never its own class of ship.
     */
    const secretsKept = (i: number, seen: unknown) => {
      const json = JSON.stringify(seen);
      expect(json).not.toContain(players[1 - i].id);
      expect(json).not.toContain(CLASSES[1 - i]);
    };
    const viewKept = (i: number, v: PlayerView) => {
      secretsKept(i, v);
      expect(v.me.name).toBe(empireOf(players[i]));
      const other = v.empires.find((e) => e.name === empireOf(players[1 - i]))!;
      expect(Object.keys(other)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(treasury|mpPool|rp|tech|ro)$/)]),
      );
    };

    const viewOf = async (p: Player) => (await p.ok('GET', `/games/${gameId}/view`)).view as PlayerView;
    let views = await Promise.all(players.map(viewOf));
    let month = 1;
    for (; ; month++) {
      expect(month).toBeLessThanOrEqual(LENGTH);
      for (const [i, p] of players.entries()) {
        const submitted = await p.ok('POST', `/games/${gameId}/orders`, {
          text: orders(views[i], CLASSES[i]),
          ready: true,
        });
        expect(submitted.diagnostics.filter((d: { severity: string }) => d.severity !== 'info')).toEqual([]);
      }
      for (const s of sockets) await s.waitFor('turn.resolved', (n) => n.turn === month);
      const pushed = await Promise.all(
        sockets.map((s) => s.waitFor('report.ready', (n) => n.turn === month)),
      );
      for (const [i, r] of pushed.entries()) {
        const report = r.report as { text: string; data: PlayerView };
        viewKept(i, report.data);
        secretsKept(i, report.text);
        expect(report.text).toContain(`BUILD ${views[i].me.home} ${CLASSES[i]} "SOE" — done: 1 ordered`);
      }
      await until(
        () =>
          sockets[0].of('game.ended').length > 0 ||
          sockets[0].of('turn.opened').some((n) => n.turn === month + 1),
        `month ${month + 1} or the end`,
      );
      if (sockets[0].of('game.ended').length > 0) break;
      views = await Promise.all(players.map(viewOf));
      views.forEach((v, i) => viewKept(i, v));
      const { view: watched } = await spectator.ok('GET', `/games/${gameId}/view`);
      expect(Object.keys(watched).sort()).toEqual([
        'empires',
        'length',
        'month',
        'monthOfYear',
        'role',
        'systems',
        'warpPoints',
        'year',
      ]);
    }

    // The turn limit: the month the settings name ends the game, with a winner.
    expect(month).toBe(LENGTH);
    const [ended] = sockets[0].of('game.ended');
    expect(ended.turn).toBe(month);
    expect(ended.standings).toHaveLength(2);
    expect(ended.standings).toContainEqual(expect.objectContaining({ rank: 1, winner: true }));
    const end = await full();
    expect(end.ended).toBe(true);
    // The players did what they wrote: their classes built, their task forces through a warp point.
    for (const [i, p] of players.entries()) {
      const empire = end.empires.find((e) => e.id === p.id)!;
      expect(end.ships.filter((x) => x.owner === empire.id && x.cls === CLASSES[i])).toHaveLength(LENGTH);
      const tf1 = end.taskForces.find((t) => t.owner === empire.id && t.name === 'TF1')!;
      expect(systemOf(tf1.area!)).not.toBe(systemOf(views[i].me.home));
    }
    // Nothing pushed to a player's sockets told the other empire's secrets.
    sockets.forEach((s: Listener, i) => secretsKept(i, s.received));

    for (const [i, p] of players.entries()) {
      const [last] = await p.ok('GET', `/games/${gameId}/reports?turn=${month}`);
      expect(last).toMatchObject({ turn: month, playerId: p.id, matches: true });
      expect(last.report.text).toContain('FINAL STANDINGS');
      secretsKept(i, last.report.text);
    }

    expect(await server.admin.ok('GET', `/games/${gameId}/verify`)).toEqual({
      verified: true,
      resolutions: month + 1,
      turns: month,
      firstDifference: null,
    });
  }, 60_000);
});
