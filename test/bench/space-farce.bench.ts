import { spaceFarce } from '@warpgate/rulesets/space-farce';
import { botOrders } from '@warpgate/rulesets/space-farce/bot';
import { benchBotGame } from './bot-game';

/** Space Farce: one month of an 8-empire game at month 40 (issue 16), played by the test bot. */
export const bench = () =>
  benchBotGame({
    ruleset: spaceFarce,
    players: 8,
    // Set, not left to the default, so the game is sure to run past month 40.
    settings: { length: 60 },
    at: 40,
    // Non-player races give no orders.
    playing: (s) => s.empires.filter((e) => e.kind === 'player' && e.eliminated === null).map((e) => e.id),
    bot: botOrders,
    position: (s) => {
      const bodies = s.systems.flatMap((x) => x.bodies);
      const left = s.empires.filter((e) => e.kind === 'player' && e.eliminated === null).length;
      return `${left} of 8 empires, ${s.ships.length} ships, ${bodies.filter((b) => b.owner !== null).length} of ${bodies.length} bodies owned`;
    },
  });
