import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Opens (making it if new) a SQLite file in WAL mode, readable by its owner only: the files hold
 * password hashes and what players keep secret. SQLite gives new -wal and -shm files the
 * database's mode; files made before this rule are tightened to it.
 */
export function openSqlite(file: string): Database.Database {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true });
    closeSync(openSync(file, 'a', 0o600));
    for (const f of [file, `${file}-wal`, `${file}-shm`])
      if (existsSync(f) && statSync(f).mode & 0o077) chmodSync(f, statSync(f).mode & 0o700);
  }
  const db = new Database(file, { timeout: 10_000 });
  // Processes starting together on a new file all ask to switch it to WAL; SQLite refuses all but
  // one at once, without waiting (each holds the lock the other needs), so the others try again.
  for (let waited = 0; ; waited += 20) {
    try {
      db.pragma('journal_mode = WAL');
      return db;
    } catch (e) {
      if ((e as { code?: string }).code !== 'SQLITE_BUSY' || waited >= 10_000) throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}
