/**
 * `npm run bench -- NAME [args]`: runs bench/NAME.bench.ts. Benchmarks state their data,
 * concurrency and durability settings, print their figures last, and exit non-zero when a
 * target is missed (DESIGN §9). They are never part of `npm test`.
 * `npm run bench -- all --quick`: every benchmark at a reduced size, one table (quick-set.ts);
 * `npm run bench -- all`: every benchmark at full size, one after another;
 * `npm run bench -- compare [REF]`: the quick set of REF and of the working tree side by side
 * (compare-run.ts).
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

if (name === 'all' && args.includes('--quick')) {
  const { quickCommand } = await import('./quick-set');
  process.exit((await quickCommand(args)) ? 0 : 1);
}
if (name === 'all') {
  let met = true;
  for (const each of available) {
    const mod = (await import(pathToFileURL(path.join(here, `${each}.bench.ts`)).href)) as {
      default: (args: string[]) => Promise<boolean>;
    };
    met =
      (await mod.default([]).catch((error: unknown) => {
        process.stderr.write(`${each} failed: ${String(error)}\n`);
        return false;
      })) && met;
  }
  process.exit(met ? 0 : 1);
}
if (name === 'compare') {
  const { compareCommand } = await import('./compare-run');
  process.exit((await compareCommand(args)) ? 0 : 1);
}

if (!name || !available.includes(name)) {
  process.stderr.write(
    `${name ? `No benchmark named "${name}". ` : ''}Usage: npm run bench -- NAME | all [--quick] | compare [REF]\nBenchmarks: ${available.join(', ')}\n`,
  );
  process.exit(name ? 1 : 0);
}
const mod = (await import(pathToFileURL(path.join(here, `${name}.bench.ts`)).href)) as {
  default: (args: string[]) => Promise<boolean>;
};
const met = await mod.default(args);
process.exit(met ? 0 : 1);
