import { galacticDomination } from '@warpgate/rulesets/galactic-domination';
import { botOrders } from '@warpgate/rulesets/galactic-domination/bot';
import { benchBotGame } from './bot-game';

/** Galactic Domination: one turn of a 6-player game at turn 8 (issue 17), played by the test bot. */
export const bench = () =>
  benchBotGame({
    ruleset: galacticDomination,
    players: 6,
    // The basic game's 10 turns reach turn 8; an instant VP win (vpToWin) is off by default.
    at: 8,
    playing: (s) => s.players.filter((p) => !p.eliminated).map((p) => p.id),
    bot: botOrders,
    position: (s) => {
      const planets = Object.values(s.locations).flatMap((l) => (l.planet ? [l.planet] : []));
      return `${s.players.filter((p) => !p.eliminated).length} of 6 players, ${s.fleets.length} fleets, ${planets.filter((p) => p.owner !== null).length} of ${planets.length} worlds owned`;
    },
  });
