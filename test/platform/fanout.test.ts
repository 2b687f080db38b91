import { SLICE } from '../../apps/api/src/realtime/push-delivery';
import { Listener, startedGame, withApp } from '../support/app';

const server = withApp();

/** What a socket got live, after the position its watch caught up to: names of pushes, in order. */
function liveNames(listener: Listener, after: string | null) {
  return listener.received
    .filter(({ payload }) => after === null || BigInt(payload.position ?? -1) > BigInt(after))
    .map(({ name }) => name);
}

// Hundreds of sockets in this process, on a machine shared with the rest of the suite.
jest.setTimeout(120_000);

describe('a push to a room bigger than a slice of sockets', () => {
  it('reaches every socket once, each in the order the pushes were published', async () => {
    const { gameId, players } = await startedGame(server.url, ['ACHERNAR', 'CANOPUS']);
    const spectators = Array.from({ length: 2 * SLICE + 1 }, () => server.listen());
    const watched = await Promise.all(spectators.map((s) => s.watch(gameId)));
    for (const p of players) await p.ok('POST', `/games/${gameId}/orders`, { text: '', ready: true });
    await Promise.all(spectators.map((s) => s.waitFor('turn.opened', (n) => n.turn === 2, 60_000)));
    for (const [i, s] of spectators.entries())
      expect(liveNames(s, (watched[i] as { position: string | null }).position)).toEqual([
        'submission.status',
        'submission.status',
        'turn.closed',
        'turn.resolved',
        'turn.opened',
      ]);
  });
});
