import type { Account } from '@warpgate/contracts';
import { Game, GameRuleError, isPlayer, Viewer } from '@warpgate/engine';

/**
 * Who sees what of a game: its players their own side, admins everything, spectators the public
 * view while it runs (if the game admits them), and everyone the full record once it has ended
 * (unless spectators are refused altogether, then only its players and admins).
 */
export function viewerOf(game: Game, account: Account | undefined): Viewer {
  if (account?.role === 'admin') return { role: 'admin' };
  const player = account && isPlayer(game, account.id);
  if (game.status === 'ended' && (player || game.spectators !== 'none')) return { role: 'admin' };
  if (player) return { role: 'player', playerId: account.id };
  if (game.spectators === 'public') return { role: 'spectator' };
  throw new GameRuleError(
    'forbidden',
    game.spectators === 'after-end'
      ? `Game "${game.name}" can be watched once it has ended`
      : `Game "${game.name}" admits no spectators`,
  );
}
