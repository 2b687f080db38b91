import { Inject, Injectable } from '@nestjs/common';
import { canonicalJson, type Game, type Report } from '@warpgate/engine';
import { createHash } from 'node:crypto';
import { ByteLru } from './byte-lru';
import type { Config } from './config';
import { GameStore, LoadedGame } from './game-store';
import { CONFIG } from './tokens';

/** A player's report of a turn, rebuilt, with the hash the stream recorded when it was issued. */
export interface IssuedReport {
  turn: number;
  playerId: string;
  report: Report<unknown>;
  /** The hash in the turn's ReportIssued: of exactly what the player was given. */
  hash: string;
  /** The format that printed it (the ruleset's reportVersion then). */
  format: number;
  /**
   * The rebuilt report is what was given: its hash is the recorded one. null: it was printed by
   * another format than today's (older, or newer after a rollback or an import), which no rebuild
   * gives (see `note`).
   */
  matches: boolean | null;
  note?: string;
}

/**
 * Reports are never stored: each is a pure function of the state after its turn (Ruleset.report),
 * rebuilt when asked for and kept in memory, the most recently used first, up to REPORT_CACHE_MB.
 */
@Injectable()
export class Reports {
  private readonly cache: ByteLru<IssuedReport>;

  constructor(
    private readonly games: GameStore,
    @Inject(CONFIG) { reportCacheBytes }: Pick<Config, 'reportCacheBytes'>,
  ) {
    this.cache = new ByteLru(reportCacheBytes);
  }

  /** The report `playerId` was issued for `turn`, or undefined if none was. */
  async issued(gameId: string, turn: number, playerId: string): Promise<IssuedReport | undefined> {
    const latest = await this.games.load(gameId);
    const cached = this.cache.get(key(latest.game, turn, playerId));
    if (cached) return cached;
    // Until the next resolution only platform events follow a turn's end: the latest fold still
    // has the state of the last resolved turn.
    const after = latest.game.reports?.turn === turn ? latest : await this.games.at(gameId, { turn });
    return this.rebuild(after, turn, playerId);
  }

  /** The same from the game at the end of `turn` (or at its ReportIssued for `playerId`). */
  rebuild({ game, ruleset }: LoadedGame, turn: number, playerId: string): IssuedReport | undefined {
    const recorded = issuedOf(game, turn, playerId);
    if (recorded === undefined) return undefined;
    const report = ruleset.report(game.state, playerId);
    if (!report) return undefined;
    const { hash, format } = recorded;
    // Its stateHash, from the canonical JSON made once: a big report takes a while to write out.
    const json = canonicalJson(report);
    const issued: IssuedReport =
      format === ruleset.reportVersion
        ? {
            turn,
            playerId,
            report,
            hash,
            format,
            matches: createHash('sha256').update(json, 'utf8').digest('hex') === hash,
          }
        : {
            turn,
            playerId,
            report,
            hash,
            format,
            matches: null,
            note:
              `Printed by another format (${format}) of the printout than today's (${ruleset.reportVersion}): ` +
              "only its hash is known, and the report shown is rebuilt by today's format.",
          };
    this.cache.set(key(game, turn, playerId), issued, json.length);
    return issued;
  }

  /**
   * The report alone, as `rebuild` makes it but neither checked against its hash nor kept: what a push
   * sends at once (writing out a big report to hash it takes a while), the check left to `issued`.
   * The one the resolution built, when it ran in this process.
   */
  report({ game, ruleset }: LoadedGame, turn: number, playerId: string): Report<unknown> | undefined {
    const issued = issuedOf(game, turn, playerId);
    if (issued === undefined) return undefined;
    return this.games.builtReport(issued.hash) ?? ruleset.report(game.state, playerId) ?? undefined;
  }
}

/** The hash and format of the ReportIssued of `turn` for `playerId`, if the game is at its end and one was issued. */
function issuedOf(game: Game, turn: number, playerId: string): { hash: string; format: number } | undefined {
  const issued = game.reports?.turn === turn ? game.reports.issued : {};
  return Object.hasOwn(issued, playerId) ? issued[playerId] : undefined;
}

/** A turn voided and resolved again (see TurnVoided) has reports of its own. */
const key = (game: Pick<Game, 'id' | 'voids'>, turn: number, playerId: string) =>
  `${game.id}/${turn}/${game.voids.filter((v) => v.turn === turn).length}/${playerId}`;
