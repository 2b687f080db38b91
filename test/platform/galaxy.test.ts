import { startedGame, withApp } from '../support/app';

const server = withApp();

describe('Galaxy through the platform', () => {
  it('is played in the mail format from setup to a winner, with 2-D map data in the view', async () => {
    const { gameId, players } = await startedGame(server.url, ['Arcturians', 'Betelgeusians'], {
      ruleset: 'galaxy',
    });
    const [stays, quits] = players;
    const watcher = server.listen(stays.token);
    await watcher.watch(gameId);

    const { view } = await stays.ok('GET', `/games/${gameId}/view`);
    expect(JSON.stringify(view)).not.toContain(quits.id);
    expect(view.map.planets.length).toBeGreaterThan(1);
    for (const planet of view.map.planets)
      expect(planet).toMatchObject({ x: expect.any(Number), y: expect.any(Number) });
    const mail = (race: string, body: string) => `#GALAXY ${gameId} ${race}\n${body}\n#END`;
    const first = await stays.ok('POST', `/games/${gameId}/orders`, {
      text: mail('Arcturians', '; a design and some research\nd Scout 1 0 0 0 0'),
      ready: true,
    });
    expect(first.diagnostics.filter((d: { severity: string }) => d.severity === 'error')).toEqual([]);
    await quits.ok('POST', `/games/${gameId}/orders`, {
      text: mail('Betelgeusians', 'q Betelgeusians'),
      ready: true,
    });

    const ended = await watcher.waitFor('game.ended');
    expect(ended.standings).toMatchObject([
      { name: 'Arcturians', rank: 1, winner: true },
      { name: 'Betelgeusians', winner: false },
    ]);
    const [report] = await stays.ok('GET', `/games/${gameId}/reports`);
    expect(report.report.text).toMatch(/Scout/);
  });
});
