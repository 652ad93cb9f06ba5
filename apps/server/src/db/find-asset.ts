import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds a folder shipped with the server (migrations), both from source (src/db/...) and from
 * the production bundle (dist/main.js): walk up from this module until it appears.
 */
export function findServerAsset(relative: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, relative);
    if (fs.existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`Server asset not found: ${relative}`);
}
