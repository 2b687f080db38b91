import { Logger } from '@nestjs/common';
import type { Game } from '@warpgate/engine';
import { openSqlite } from '@warpgate/event-store';
import type Database from 'better-sqlite3';
import { gunzipSync, gzipSync } from 'node:zlib';

/** A game's fold at the end of a turn, kept to spare folding its stream from the start. */
export interface Snapshot {
  /** The turn whose end it is (its resolution and the next turn's opening, or the game's end); 0: the start. */
  turn: number;
  game: Game;
  /** The size of its JSON: what the caches weigh the fold by. */
  bytes: number;
}

/**
 * Snapshots, a cache and never the truth: a SQLite file of its own beside the process (whichever the
 * event store), shared by the processes of one machine. Each snapshot names the fold version that
 * made it (see GAME_FOLD_VERSION, Ruleset.foldVersion); a snapshot of another version is never read,
 * and saving one of the current version drops the game's others. Deleting the file changes nothing
 * but speed, and a file that fails (a full disk) only slows games down: it is logged, never thrown.
 */
export class SnapshotStore {
  private readonly log = new Logger('Snapshots');
  private readonly db: Database.Database;
  private readonly statements;

  constructor(file: string) {
    this.db = openSqlite(file);
    // A cache: a commit lost to a power cut is simply made again.
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS snapshots (
        game_id TEXT NOT NULL,
        version TEXT NOT NULL,
        turn INTEGER NOT NULL,
        revision INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        data BLOB NOT NULL,
        PRIMARY KEY (game_id, version, turn)
      )`);
    this.statements = {
      latest: this.db.prepare(
        `SELECT turn, bytes, data FROM snapshots
         WHERE game_id = ? AND version IN (SELECT value FROM json_each(?)) AND turn <= ? AND revision <= ?
         ORDER BY turn DESC LIMIT 1`,
      ),
      bytes: this.db
        .prepare('SELECT bytes FROM snapshots WHERE game_id = ? AND version = ? AND turn = ?')
        .pluck(),
      insert: this.db.prepare(
        'INSERT OR IGNORE INTO snapshots (game_id, version, turn, revision, bytes, data) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      prune: this.db.prepare('DELETE FROM snapshots WHERE game_id = ? AND version <> ?'),
    };
  }

  /** The game's latest snapshot of one of `versions`, at or before the end of `turn` and `revision`. */
  latest(
    gameId: string,
    versions: string[],
    { turn = Number.MAX_SAFE_INTEGER, revision = Number.MAX_SAFE_INTEGER } = {},
  ): Snapshot | undefined {
    try {
      const row = this.statements.latest.get(gameId, JSON.stringify(versions), turn, revision) as
        { turn: number; bytes: number; data: Buffer } | undefined;
      return row && { turn: row.turn, bytes: row.bytes, game: parse(gunzipSync(row.data).toString('utf8')) };
    } catch (e) {
      this.log.warn(`no snapshot of game ${gameId} read: ${String(e)}`);
      return undefined;
    }
  }

  /** Keeps the game as it is at the end of `turn`, unless a snapshot of it is kept already; returns its size. */
  save(game: Game, turn: number, version: string): number {
    try {
      const kept = this.statements.bytes.get(game.id, version, turn) as number | undefined;
      if (kept !== undefined) return kept;
    } catch (e) {
      this.log.warn(`no snapshot of game ${game.id} read: ${String(e)}`);
    }
    const json = serialize(game);
    try {
      this.db.transaction(() => {
        this.statements.prune.run(game.id, version);
        const data = gzipSync(json, { level: 1 });
        this.statements.insert.run(game.id, version, turn, game.revision, json.length, data);
      })();
    } catch (e) {
      this.log.warn(`no snapshot of game ${game.id} kept: ${String(e)}`);
    }
    return json.length;
  }

  close() {
    this.db.close();
  }
}

/** Game.submissionsByKey is a Map: kept as its entries. */
const serialize = (game: Game) => JSON.stringify({ ...game, submissionsByKey: [...game.submissionsByKey] });

function parse(json: string): Game {
  const game = JSON.parse(json) as Game & { submissionsByKey: [string, unknown][] };
  return { ...game, submissionsByKey: new Map(game.submissionsByKey) } as Game;
}
