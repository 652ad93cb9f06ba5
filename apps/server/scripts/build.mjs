// Production build of the server: one ESM bundle (dist/main.js, dist/demo.js, dist/admin.js) with
// @leadloom/core compiled in and every other package left to node_modules, plus the assets the
// bundle loads at run time (the PGlite worker and the migrations, found next to it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(fs.readFileSync(path.join(root, '../../package.json'), 'utf8'));
const dist = path.join(root, 'dist');
fs.rmSync(dist, { recursive: true, force: true });

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@leadloom/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    demo: path.join(root, 'src/demo.ts'),
    admin: path.join(root, 'src/admin.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  define: { __LEADLOOM_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
fs.copyFileSync(
  path.join(root, 'src/db/embedded/pglite-worker.mjs'),
  path.join(dist, 'pglite-worker.mjs'),
);
console.log(`server built into ${path.relative(process.cwd(), dist) || dist}`);
