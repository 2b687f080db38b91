import type { Account } from '@warpgate/contracts';
import { Game, GameRuleError, GameSummary, isPlayer, publicSummary, Viewer } from '@warpgate/engine';

/** What access depends on: a folded game, or its summary in the lobby's read model. */
type Access = Pick<Game, 'name' | 'status' | 'spectators' | 'createdBy' | 'players'>;

/** Its players, its creator and admins: they see account ids (players address messages with them). */
const insider = (game: Access, account: Account | undefined) =>
  account !== undefined &&
  (account.role === 'admin' || account.id === game.createdBy || isPlayer(game, account.id));

/**
 * Whether this caller may see the game at all: insiders always; anyone else as the game's spectator
 * setting says (a public game always, an after-end game once it has ended, else never). A game
 * hidden from outsiders is joined by its id, passed on by its creator.
 */
export const admits = (game: Access, account: Account | undefined) =>
  insider(game, account) ||
  game.spectators === 'public' ||
  (game.spectators === 'after-end' && game.status === 'ended');

/**
 * Who sees what of a game: its players their own side, admins everything, spectators the public
 * view while it runs, and everyone it admits the full record once it has ended.
 */
export function viewerOf(game: Access, account: Account | undefined): Viewer {
  if (!admits(game, account))
    throw new GameRuleError(
      'forbidden',
      game.spectators === 'after-end'
        ? `Game "${game.name}" can be watched once it has ended`
        : `Game "${game.name}" admits no spectators`,
    );
  if (account?.role === 'admin' || game.status === 'ended') return { role: 'admin' };
  if (account && isPlayer(game, account.id)) return { role: 'player', playerId: account.id };
  return { role: 'spectator' };
}

/** The summary as this caller may see it: whole for insiders, without account ids for anyone else. */
export const summaryFor = (summary: GameSummary, account: Account | undefined) =>
  insider(summary, account) ? summary : publicSummary(summary);

/**
 * A ruleset keys its players by account id, so a full view names them by it: anyone but an admin
 * gets the players' empires in their place (account ids are never public).
 */
export function withEmpires<T>(value: T, game: Pick<Game, 'players'>, account: Account | undefined): T {
  if (account?.role === 'admin' || game.players.length === 0) return value;
  const empires = new Map(game.players.map((p) => [JSON.stringify(p.id), JSON.stringify(p.empire)]));
  // All ids in one pass: a replay shows a view like this after every event.
  const ids = new RegExp([...empires.keys()].map(escapeRegExp).join('|'), 'g');
  return JSON.parse(JSON.stringify(value).replace(ids, (id) => empires.get(id)!)) as T;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
