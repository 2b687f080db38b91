import { galacTac } from '@warpgate/rulesets/galac-tac';
import { botOrders } from '@warpgate/rulesets/galac-tac/bot';
import { benchBotGame } from './bot-game';

/** Galac-Tac: one turn of a 15-empire game at turn 60, played by the test bot. */
export const bench = () =>
  benchBotGame({
    ruleset: galacTac,
    players: 15,
    at: 60,
    playing: (s) => s.empires.filter((e) => e.eliminated === null).map((e) => e.id),
    bot: botOrders,
    position: (s) =>
      `${s.empires.filter((e) => e.eliminated === null).length} of 15 empires, ${s.ships.length} ships, ` +
      `${s.systems.filter((x) => x.owner !== null).length} of ${s.systems.length} stars owned`,
    target: 'slow if over 100 ms',
  });
