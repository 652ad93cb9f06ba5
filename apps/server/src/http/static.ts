import fs from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the built web app: files by path, and index.html for every other path so the client
 * router shows the screen (or its 404 page). Hashed assets are cached for a year.
 */
export function createStaticHandler(root: string) {
  const index = path.join(root, 'index.html');
  return async (c: Context) => {
    const rel = decodeURIComponent(new URL(c.req.url).pathname);
    const file = path.join(root, path.normalize(rel));
    if (file.startsWith(root + path.sep) && rel !== '/') {
      try {
        const stat = await fs.promises.stat(file);
        if (stat.isFile()) {
          const body = await fs.promises.readFile(file);
          const immutable = rel.startsWith('/assets/');
          return c.body(body, 200, {
            'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
            'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          });
        }
      } catch {
        // not a file: the app's router decides
      }
    }
    try {
      return c.body(await fs.promises.readFile(index), 200, {
        'content-type': TYPES['.html']!,
        'cache-control': 'no-cache',
      });
    } catch {
      return c.text('The web app is not built. Run `npm run build` first.', 503);
    }
  };
}
