import type { PlayerView } from '@warpgate/rulesets/galac-tac';
import { distance, formatLoc, type GtState, type Loc } from '@warpgate/rulesets/galac-tac/state';
import { Client, empireOf, startedGame, until, withApp, type Player } from '../support/app';

const server = withApp();

/**
 * A turn's actions as a player writes them from its last report (nothing else: what a client
 * knows): idle scouts chart the nearest uncharted stars, idle freighters at home colonize the
 * nearest charted free stars (loading the 10 PI there), some PI goes to research, and now and then
 * a scout is built. Nothing attacks, so the game runs to the Masters' return.
 */
function actions(v: PlayerView): string {
  const home = v.me.home;
  const targeted = new Set(v.ships.flatMap((x) => ('target' in x.order ? [x.order.target] : [])));
  const nearest = (fits: (star: PlayerView['stars'][number]) => boolean): Loc | undefined => {
    const star = v.stars
      .filter((s) => s.loc !== home && !targeted.has(s.loc) && fits(s))
      .sort((a, b) => distance(home, a.loc) - distance(home, b.loc) || a.loc - b.loc)[0];
    if (star) targeted.add(star.loc);
    return star?.loc;
  };
  const idle = (code: string) =>
    v.ships.filter((x) => x.code === code && x.order.kind === 'NONE' && x.loc === home && x.parent === null);
  const lines: string[] = [];
  for (const scout of idle('SC1').slice(0, 2)) {
    const star = nearest((s) => s.pv === null);
    if (star !== undefined) lines.push(`CHART ${scout.id} ${formatLoc(star)}`);
  }
  const [freighter] = idle('FX');
  const free = freighter && nearest((s) => s.pv !== null && s.own === null);
  if (free !== undefined) lines.push(`COLONIZE ${freighter.id} ${formatLoc(free)} Colony ${v.turn}`);
  lines.push(`RESEARCH ${formatLoc(home)} 20`);
  if (v.turn === 1) lines.push('CLASSIFY PB Picket 2P+1T5//16-16');
  if (v.turn % 10 === 0) lines.push(`BUILD ${formatLoc(home)} SC1 Pathfinder ${v.turn}`);
  return lines.join('\n');
}

describe('Galac-Tac through the platform', () => {
  it('is played over HTTP and Socket.IO from the lobby to the Masters’ return, keeping each side’s secrets', async () => {
    const { gameId, players } = await startedGame(server.url, ['ALTAIR', 'BETELGEUSE'], {
      ruleset: 'galac-tac',
    });
    const sockets = players.map((p) => server.listen(p.token));
    for (const s of sockets) expect(await s.watch(gameId)).toMatchObject({ ok: true });
    const spectator = new Client(server.url);
    const full = async () =>
      (await server.admin.ok('GET', `/games/${gameId}/view`)).view as GtState & { role: 'admin' };
    const { mastersReturn } = await full();

    // The web client's order form: the platform's named JSON form, written as the book's text.
    const formatted = await players[0].ok('POST', '/rulesets/galac-tac/orders/format', {
      orders: [{ type: 'RESEARCH', Location: '17-40', PI: 20 }],
    });
    expect(formatted).toEqual({ text: 'RESEARCH 17-40 20', diagnostics: [] });

    /**
     * What a player may see holds no secret of the game nor of the other empire: no Masters' return,
     * no account id, none of its systems (their stockpiles), no stockpile where the player's ships are.
     */
    const secretsKept = (state: GtState, player: Player, other: Player, v: PlayerView) => {
      const json = JSON.stringify(v);
      expect(json).not.toMatch(/mastersReturn|thresholds/);
      expect(json).not.toContain(other.id);
      const theirs = state.systems.filter((x) => x.owner === other.id).map((x) => x.loc);
      expect(theirs.length).toBeGreaterThan(0);
      expect(v.systems.filter((x) => theirs.includes(x.loc))).toEqual([]);
      for (const place of v.places) expect(place).not.toHaveProperty('pi');
      expect(v.me.name).toBe(empireOf(player));
    };

    let views: PlayerView[] = await Promise.all(
      players.map(async (p) => (await p.ok('GET', `/games/${gameId}/view`)).view as PlayerView),
    );
    let turn = 1;
    for (; ; turn++) {
      expect(turn).toBeLessThanOrEqual(95);
      for (const [i, p] of players.entries()) {
        const submitted = await p.ok('POST', `/games/${gameId}/orders`, {
          text: actions(views[i]),
          ready: true,
        });
        expect(submitted.diagnostics.filter((d: { severity: string }) => d.severity !== 'info')).toEqual([]);
      }
      for (const s of sockets) await s.waitFor('turn.resolved', (n) => n.turn === turn);
      const pushed = await Promise.all(sockets.map((s) => s.waitFor('report.ready', (n) => n.turn === turn)));
      views = pushed.map((r) => (r.report as { data: PlayerView }).data);
      await until(
        () =>
          sockets[0].of('game.ended').length > 0 ||
          sockets[0].of('turn.opened').some((n) => n.turn === turn + 1),
        `turn ${turn + 1} or the end`,
      );
      if (sockets[0].of('game.ended').length > 0) break;
      const state = await full();
      for (const [i, p] of players.entries()) {
        const { view } = await p.ok('GET', `/games/${gameId}/view`);
        secretsKept(state, p, players[1 - i], view);
        secretsKept(state, p, players[1 - i], views[i]);
      }
      const { view: watched } = await spectator.ok('GET', `/games/${gameId}/view`);
      expect(Object.keys(watched).sort()).toEqual(['date', 'role', 'stars']);
    }

    // The Masters return in the fortnight drawn at setup: the most valuable empire wins.
    expect(turn).toBe(mastersReturn);
    const [ended] = sockets[0].of('game.ended');
    expect(ended.turn).toBe(turn);
    expect(ended.standings).toHaveLength(2);
    expect(ended.standings).toContainEqual(expect.objectContaining({ rank: 1, winner: true }));
    const end = await full();
    expect(end.ended).toBe(true);
    // The players did what they wrote: colonies, charts, research, a design, new ships.
    for (const p of players) {
      const empire = end.empires.find((e) => e.id === p.id)!;
      expect(empire.research).toBe(20 * turn);
      expect(empire.designs.map((d) => d.code)).toContain('PB');
      expect(end.systems.filter((x) => x.owner === p.id && x.status === 'colony').length).toBeGreaterThan(0);
      expect(end.systems.filter((x) => x.chartedBy.includes(p.id)).length).toBeGreaterThan(5);
      expect(end.ships.filter((x) => x.owner === p.id && x.name.startsWith('Pathfinder'))).not.toEqual([]);
    }

    for (const [i, p] of players.entries()) {
      const [first] = await p.ok('GET', `/games/${gameId}/reports?turn=1`);
      expect(first.report.text).toMatch(/^GALAC-TAC ECONOMIC\/FLEET REPORT +3500-02\n/);
      expect(first.report.text).toMatch(/RESEARCH \d\d-\d\d 20 +executed: spent 20 PI on research/);
      const [last] = await p.ok('GET', `/games/${gameId}/reports?turn=${turn}`);
      expect(last).toMatchObject({ turn, playerId: p.id, matches: true });
      expect(last.report.text).toContain('FINAL STANDINGS');
      expect(views[i].winners).not.toBeNull();
    }

    expect(await server.admin.ok('GET', `/games/${gameId}/verify`)).toEqual({
      verified: true,
      resolutions: turn + 1,
      turns: turn,
      firstDifference: null,
    });
  }, 600_000);
});
