/** `npm run bench [name...]`: runs every test/bench/*.bench.ts (or the named ones); each prints its figures. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

async function main() {
  const only = process.argv.slice(2);
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)));
  for (const file of files) {
    console.log(`\n## ${file.replace('.bench.ts', '')}`);
    const { bench } = (await import(join(__dirname, file))) as { bench: () => Promise<void> };
    await bench();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
