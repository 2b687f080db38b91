import type { INestApplication } from '@nestjs/common';
import { Client, empireOf, openGame, Player, signUpAll, startApp, testEnv, until } from '../support/app';

let app: INestApplication;
let url: string;
beforeAll(async () => ({ app, url } = await startApp(testEnv())));
afterAll(() => app.close());

interface Summary {
  id: string;
  status: string;
  turn: number;
  players: { id?: string; empire: string; submitted: boolean; ready: boolean }[];
}
const ids = (games: Summary[]) => games.map((g) => g.id);
const lobby = (client: Client, query = ''): Promise<Summary[]> => client.ok('GET', `/games${query}`);

describe('the lobby', () => {
  it('lists the rulesets with their settings and order types', async () => {
    const rulesets = await new Client(url).ok('GET', '/rulesets');
    const gc = rulesets.find((r: { id: string }) => r.id === 'galactic-conflict');
    expect(gc).toMatchObject({ title: 'Galactic Conflict', players: { min: 2, max: 15 } });
    expect(gc.settings).toContainEqual(
      expect.objectContaining({ name: 'homeEcon', type: 'int', default: 10, min: 1, max: 100 }),
    );
    expect(gc.orderTypes.map((o: { code: string }) => o.code)).toEqual(
      expect.arrayContaining(['A', 'M', 'P', 'B']),
    );
    expect(gc.orderTypes.find((o: { code: string }) => o.code === 'B')).toMatchObject({
      name: 'build',
      args: [{ name: 'world' }, { name: 'item' }, { name: 'econ' }],
      example: expect.stringMatching(/^B,/),
    });
  });

  it('lists games from the read model, filtered by status, ruleset and mine', async () => {
    const [host, guest, other] = await signUpAll(url, ['ELNATH', 'ALHENA', 'WASAT']);
    const waiting = await openGame([host]);
    const running = await openGame([host, guest]);
    await host.ok('POST', `/games/${running}/start`);
    const others = await openGame([other]);
    const anonymous = new Client(url);
    await until(async () => {
      const all = await lobby(anonymous);
      return all.find((g) => g.id === running)?.status === 'running' && ids(all).includes(others);
    }, 'the lobby to show the games');

    const open = ids(await lobby(anonymous, '?status=open'));
    expect(open).toEqual(expect.arrayContaining([waiting, others]));
    expect(open).not.toContain(running);
    const started = ids(await lobby(anonymous, '?status=running'));
    expect(started).toContain(running);
    expect(started).not.toContain(waiting);
    expect(ids(await lobby(anonymous, '?ruleset=galactic-conflict'))).toEqual(
      expect.arrayContaining([waiting, running, others]),
    );
    expect(await lobby(anonymous, '?ruleset=galaxy')).toEqual([]);
    // Newest first.
    expect(ids(await lobby(host, '?mine=true'))).toEqual([running, waiting]);
    expect(ids(await lobby(guest, '?mine=true'))).toEqual([running]);
    expect(ids(await lobby(guest, '?mine=true&status=open'))).toEqual([]);
    expect(await lobby(anonymous, '?mine=true')).toEqual([]);
  });

  it('tells who has submitted and who is ready, never what', async () => {
    const players = await signUpAll(url, ['POLARIS', 'YILDUN', 'PHERKAD']);
    const gameId = await openGame(players);
    await players[0].ok('POST', `/games/${gameId}/start`);
    await players[0].ok('POST', `/games/${gameId}/orders`, { text: '# SECRET PLAN\nB,1,C,1', ready: true });
    await players[1].ok('POST', `/games/${gameId}/orders`, { text: '# OTHER SECRET' });
    const expected = players.map((p, i) => ({
      id: p.id,
      empire: empireOf(p),
      submitted: i < 2,
      ready: i === 0,
    }));

    const detail = await players[2].ok('GET', `/games/${gameId}`);
    expect(detail.players).toEqual(expected);
    const listed = await until(async () => {
      const game = (await lobby(players[2], '?mine=true')).find((g) => g.id === gameId);
      return game?.players.some((p) => p.submitted && !p.ready) ? game : undefined;
    }, 'the lobby to show the submissions');
    expect(listed.players).toEqual(expected);
    // Anyone else sees the same without account ids.
    const anonymous = await new Client(url).ok('GET', `/games/${gameId}`);
    expect(anonymous.players).toEqual(expected.map(({ id: _id, ...p }) => p));
    for (const shown of [detail, listed, anonymous]) expect(JSON.stringify(shown)).not.toMatch(/SECRET|B,1/);
  });

  it('lets a player leave before the start, not after', async () => {
    const [host, fickle, steady] = await signUpAll(url, ['MENKAR', 'MIRA', 'BATEN']);
    const gameId = await openGame([host, fickle, steady]);
    const left = await fickle.ok('POST', `/games/${gameId}/leave`);
    expect(left.players.map((p: { empire: string }) => p.empire)).toEqual(['MENKAR', 'BATEN']);
    await until(
      async () => (await lobby(fickle, '?mine=true')).every((g) => g.id !== gameId),
      'the lobby to forget the player who left',
    );
    // Free to join again, under another name.
    await fickle.ok('POST', `/games/${gameId}/join`, { empire: 'KAFFALJIDHMA' });
    await host.ok('POST', `/games/${gameId}/start`);
    const refused = await fickle.call('POST', `/games/${gameId}/leave`);
    expect(refused).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/already started/) },
    });
  });

  it("starts a 'when-full' game when its last player joins", async () => {
    const players = await signUpAll(url, ['ALDEBARAN', 'AIN', 'PRIMA']);
    const created = await players[0].ok('POST', '/games', {
      ruleset: 'galactic-conflict',
      name: 'Full house',
      maxPlayers: 3,
      startRule: 'when-full',
      schedule: { kind: 'period', minutes: 60 },
    });
    const join = (p: Player) => p.ok('POST', `/games/${created.id}/join`, { empire: empireOf(p) });
    expect(await join(players[0])).toMatchObject({ status: 'open' });
    expect(await join(players[1])).toMatchObject({ status: 'open' });
    const full = await join(players[2]);
    expect(full).toMatchObject({ status: 'running', turn: 1, closed: false });
    expect(new Date(full.deadline).getTime()).toBeGreaterThan(Date.now());
    const { view } = await players[2].ok('GET', `/games/${created.id}/view`);
    expect(view).toMatchObject({ role: 'player', turn: 1, me: { name: 'PRIMA' } });
    await until(
      async () => (await lobby(players[1], '?status=running')).some((g) => g.id === created.id),
      'the lobby to show the game running',
    );
  });

  it('leaves a setting the server sets out of the form and refuses it from a client', async () => {
    const rulesets = await new Client(url).ok('GET', '/rulesets');
    const galaxy = rulesets.find((r: { id: string }) => r.id === 'galaxy');
    expect(galaxy.settings.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['size', 'homeDistance']),
    );
    expect(galaxy.settings.map((s: { name: string }) => s.name)).not.toContain('rules');
    const [host] = await signUpAll(url, ['SADR']);
    const game = { ruleset: 'galaxy', name: 'Legacy', schedule: { kind: 'period', minutes: 60 } };
    const refused = await host.call('POST', '/games', { ...game, settings: { rules: 1 } });
    expect(refused).toMatchObject({ status: 400, body: { message: expect.stringContaining('rules') } });
    const created = await host.ok('POST', '/games', game);
    expect(await host.ok('GET', `/games/${created.id}`)).toMatchObject({ settings: { rules: 2 } });
  });
});
