/** `npm run admin -- <name> <password>`: creates an admin account, or promotes the account of that name. */
import 'reflect-metadata';
import { openEventStore } from '@warpgate/event-store';
import { loadConfig } from '@warpgate/platform';
import { Accounts } from './accounts/accounts';

async function main() {
  const [name, password, ...rest] = process.argv.slice(2);
  if (!name || !password || rest.length) {
    console.error('usage: npm run admin -- <name> <password>');
    process.exit(2);
  }
  const store = openEventStore(loadConfig());
  try {
    const outcome = await new Accounts(store).ensureAdmin({ name, password }, 'cli');
    console.log(`Admin "${name.trim()}": ${outcome}`);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exitCode = 1;
  } finally {
    await store.close();
  }
}

void main();
