/**
 * `npm run verify -- <gameId>`: re-runs every resolution of the game from the store (see verifyGame)
 * and prints the outcome as JSON; exits 1 when the record differs from the re-run.
 */
import 'reflect-metadata';
import { gameStream } from '@warpgate/contracts';
import { openEventStore } from '@warpgate/event-store';
import { loadConfig, verifyRecord } from '@warpgate/platform';

async function main() {
  const [gameId, ...rest] = process.argv.slice(2);
  if (!gameId || rest.length) {
    console.error('usage: npm run verify -- <gameId>');
    process.exit(2);
  }
  const store = openEventStore(loadConfig());
  try {
    const events = await store.readStream(gameStream(gameId.toLowerCase()));
    if (events.length === 0) {
      console.error(`No game ${gameId}`);
      process.exitCode = 2;
      return;
    }
    const verification = verifyRecord(events);
    console.log(JSON.stringify(verification, null, 2));
    console.log(
      verification.verified
        ? `verified: the setup and ${verification.turns} turns re-run (${verification.resolutions} resolutions, voided ones included)`
        : 'NOT verified: the record differs from the re-run (firstDifference)',
    );
    if (!verification.verified) process.exitCode = 1;
  } finally {
    await store.close();
  }
}

void main();
