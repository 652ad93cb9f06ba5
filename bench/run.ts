/**
 * `npm run bench -- NAME [args]`: runs bench/NAME.bench.ts. Benchmarks state their data,
 * concurrency and durability settings, print their figures last, and exit non-zero when a
 * target is missed (DESIGN §9). They are never part of `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const available = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''));
const [name, ...args] = process.argv.slice(2);

if (!name || !available.includes(name)) {
  process.stderr.write(
    `${name ? `No benchmark named "${name}". ` : ''}Usage: npm run bench -- NAME\nBenchmarks: ${available.join(', ')}\n`,
  );
  process.exit(name ? 1 : 0);
}
const mod = (await import(pathToFileURL(path.join(here, `${name}.bench.ts`)).href)) as {
  default: (args: string[]) => Promise<boolean>;
};
const met = await mod.default(args);
process.exit(met ? 0 : 1);
