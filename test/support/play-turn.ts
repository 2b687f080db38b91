import { buildOrders, type Player, until } from './app';

/** Every player's orders (built on their worlds) submitted ready; returns once the worker resolved the turn. */
export async function playTurn(players: Player[], gameId: string, turn: number) {
  for (const p of players)
    await p.ok('POST', `/games/${gameId}/orders`, { text: await buildOrders(p, gameId), ready: true });
  await until(
    async () => (await players[0].ok('GET', `/games/${gameId}`)).turn > turn,
    `turn ${turn} resolved`,
  );
}
