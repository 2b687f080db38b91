import type { GdState, PlayerView } from '@warpgate/rulesets/galactic-domination';
import { distance } from '@warpgate/rulesets/galactic-domination/hex';
import { Client, empireOf, startedGame, until, withApp, type Player } from '../support/app';

const server = withApp();

/** Turns played (the basic game is 10): the last one ends the game, the most VP win. */
const TURNS = 3;

type Location = PlayerView['locations'][number];

/**
 * A turn's orders as a player writes them from its last view (nothing else: what a client knows):
 * the standard Exploration Fleet (no EF order), every fleet of its own one hex toward the other
 * empire's capital (whole hexes only), two MI at its capital and a Tactics card once it can pay.
 */
function orders(v: PlayerView): string {
  const capitalOf = (own: boolean) =>
    v.locations.find(
      (l) => l.planet?.kind === 'capital' && l.planet.main && (l.planet.owner === v.me.name) === own,
    )!;
  const capital = capitalOf(true);
  const target = capitalOf(false);
  const step = (from: Location) =>
    v.locations
      .filter((l) => l.half === null && distance(l, from) === 1)
      .sort((a, b) => distance(a, target) - distance(b, target) || a.id.localeCompare(b.id))[0];
  // Turn 1: the Exploration Fleet F1 appears at the capital in phase F and moves in phase G.
  const fleets =
    v.turn === 1
      ? [{ id: 'F1', loc: capital.id }]
      : v.fleets.filter((f) => f.owner === v.me.name && f.plan?.refit === null);
  const lines = fleets.map((f) => `MOVE ${f.id} ${step(v.locations.find((l) => l.id === f.loc)!).id}`);
  lines.push(`BUILD MI AT ${capital.id} x2`);
  if (v.me.cash >= 10) lines.push('BUY TC');
  return lines.join('\n');
}

describe('Galactic Domination through the platform', () => {
  it('is played over HTTP and Socket.IO from the lobby to the last turn, keeping each hand hidden', async () => {
    const { gameId, players } = await startedGame(server.url, ['ALTAIR', 'BETELGEUSE'], {
      ruleset: 'galactic-domination',
      settings: { turns: TURNS },
    });
    const sockets = players.map((p) => server.listen(p.token));
    for (const s of sockets) expect(await s.watch(gameId)).toMatchObject({ ok: true });
    const spectator = new Client(server.url);
    const full = async () =>
      (await server.admin.ok('GET', `/games/${gameId}/view`)).view as GdState & { role: 'admin' };

    // The web client's order form: the platform's named JSON form, written as the digest's text.
    const formatted = await players[0].ok('POST', '/rulesets/galactic-domination/orders/format', {
      orders: [{ type: 'build', unit: 'BB', count: 2, at: '3,2/a' }],
    });
    expect(formatted).toEqual({ text: 'BUILD BB AT 3,2/a x2', diagnostics: [] });

    /**
     * What a player may see holds no secret of the other: no account id, no other hand or build
     * queue (one of each, its own), its own cash, the other's cards as a count only.
     */
    const secretsKept = (state: GdState, i: number, v: PlayerView) => {
      const json = JSON.stringify(v);
      expect(json).not.toContain(players[1 - i].id);
      // Its own (me.hand, me.queue) only: `log.cash` is its own income statement.
      expect(json.match(/"(hand|queue)":/g)?.sort()).toEqual(['"hand":', '"queue":']);
      const [mine, theirs] = [i, 1 - i].map((k) => state.players.find((p) => p.id === players[k].id)!);
      expect(v.me).toMatchObject({ name: empireOf(players[i]), hand: mine.hand, cash: mine.cash });
      expect(v.players.find((p) => p.name === theirs.name)!.cards).toBe(theirs.hand.length);
    };

    const viewOf = async (p: Player) => (await p.ok('GET', `/games/${gameId}/view`)).view as PlayerView;
    let views = await Promise.all(players.map(viewOf));
    let turn = 1;
    for (; ; turn++) {
      expect(turn).toBeLessThanOrEqual(TURNS);
      for (const [i, p] of players.entries()) {
        const submitted = await p.ok('POST', `/games/${gameId}/orders`, {
          text: orders(views[i]),
          ready: true,
        });
        // Errors only: a warning (an order reduced) depends on the game's random cards.
        expect(submitted.diagnostics.filter((d: { severity: string }) => d.severity === 'error')).toEqual([]);
      }
      for (const s of sockets) await s.waitFor('turn.resolved', (n) => n.turn === turn);
      const pushed = await Promise.all(sockets.map((s) => s.waitFor('report.ready', (n) => n.turn === turn)));
      await until(
        () =>
          sockets[0].of('game.ended').length > 0 ||
          sockets[0].of('turn.opened').some((n) => n.turn === turn + 1),
        `turn ${turn + 1} or the end`,
      );
      const state = await full();
      for (const [i, r] of pushed.entries()) {
        const report = r.report as { text: string; data: PlayerView };
        secretsKept(state, i, report.data);
        const { hand } = state.players.find((p) => p.id === players[i].id)!;
        expect(report.text).toContain(`YOUR TACTICS CARDS (${hand.length})`);
        // Bought, unless a Stimulus card (drawn from the game id's seed) took some of the income.
        expect(report.text).toMatch(/BUILD MI AT \S+ x2 +(done: \$2|reduced|skipped)/);
      }
      if (sockets[0].of('game.ended').length > 0) break;
      views = await Promise.all(players.map(viewOf));
      views.forEach((v, i) => secretsKept(state, i, v));
      const { view: watched } = await spectator.ok('GET', `/games/${gameId}/view`);
      expect(watched.role).toBe('spectator');
      expect(watched).not.toHaveProperty('me');
      expect(watched.log.cash).toEqual([]);
      expect(watched.fleets.map((f: { units: unknown; plan: unknown }) => [f.units, f.plan])).toEqual(
        watched.fleets.map(() => [null, null]),
      );
    }

    // The last turn ends the game: the standings name a winner.
    expect(turn).toBe(TURNS);
    const [ended] = sockets[0].of('game.ended');
    expect(ended.turn).toBe(turn);
    expect(ended.standings).toHaveLength(2);
    expect(ended.standings).toContainEqual(expect.objectContaining({ rank: 1, winner: true }));
    const end = await full();
    expect(end.ended).toBe(true);
    // Nothing pushed to a player's sockets named the other's account.
    sockets.forEach((s, i) => expect(JSON.stringify(s.received)).not.toContain(players[1 - i].id));

    for (const p of players) {
      const [last] = await p.ok('GET', `/games/${gameId}/reports?turn=${turn}`);
      expect(last).toMatchObject({ turn, playerId: p.id, matches: true });
      expect(last.report.text).toContain('FINAL STANDINGS');
    }

    expect(await server.admin.ok('GET', `/games/${gameId}/verify`)).toEqual({
      verified: true,
      resolutions: turn + 1,
      turns: turn,
      firstDifference: null,
    });
  }, 60_000);
});
