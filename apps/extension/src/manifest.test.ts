import { EXTENSION_ID, extensionIdFromSha256Hex } from '@leadloom/core';
import { describe, expect, it } from 'vitest';
import {
  buildManifest,
  chromeVersion,
  externallyConnectablePattern,
  normalizeAppOrigin,
} from './manifest';
// ?raw and WebCrypto rather than node:fs and node:crypto: these sources are typed for the browser.
import keyFile from '../manifest-key.txt?raw';

const key = keyFile.trim();

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

describe('manifest', () => {
  it('manifest-key.txt gives the EXTENSION_ID the app uses', async () => {
    const der = Uint8Array.from(atob(key), (char) => char.charCodeAt(0));
    expect(extensionIdFromSha256Hex(await sha256Hex(der))).toBe(EXTENSION_ID);
  });

  it('is MV3 with an ESM service worker, the popup, the app origin and the three platforms', () => {
    const manifest = buildManifest({ version: '0.1.0', appOrigin: 'http://localhost:3000', key });
    expect(manifest).toMatchObject({
      manifest_version: 3,
      name: 'Leadloom',
      version: '0.1.0',
      key,
      background: { service_worker: 'background.js', type: 'module' },
      action: { default_popup: 'popup.html' },
      externally_connectable: { matches: ['http://localhost:3000/*'] },
      host_permissions: [
        'http://localhost:3000/*',
        'https://www.facebook.com/*',
        'https://www.instagram.com/*',
        'https://www.linkedin.com/*',
      ],
    });
  });

  it('runs the one classic content script on the platforms, and nowhere else', () => {
    const manifest = buildManifest({ version: '0.1.0', appOrigin: 'http://localhost:3000', key });
    expect(manifest.content_scripts).toEqual([
      {
        matches: [
          'https://www.facebook.com/*',
          'https://www.instagram.com/*',
          'https://www.linkedin.com/*',
        ],
        js: ['content.js'],
        run_at: 'document_idle',
      },
    ]);
  });

  it('asks only for storage and alarms (the queue processor waits with alarms)', () => {
    const manifest = buildManifest({ version: '0.1.0', appOrigin: 'http://localhost:3000', key });
    expect(manifest.permissions).toEqual(['storage', 'alarms']);
  });

  it('writes the port out, also the default one, so other ports stay out', () => {
    expect(externallyConnectablePattern('http://localhost:5173')).toBe('http://localhost:5173/*');
    expect(externallyConnectablePattern('https://app.example.com')).toBe(
      'https://app.example.com:443/*',
    );
    expect(externallyConnectablePattern('http://app.example.com')).toBe(
      'http://app.example.com:80/*',
    );
  });

  it('normalises APP_ORIGIN and refuses what is not a bare http(s) origin', () => {
    expect(normalizeAppOrigin('https://App.Example.com/')).toBe('https://app.example.com');
    expect(normalizeAppOrigin('http://localhost:80')).toBe('http://localhost');
    for (const bad of ['localhost:3000', 'ftp://x.example', 'http://x.example/app', 'http://x?y']) {
      expect(() => normalizeAppOrigin(bad), bad).toThrow(/APP_ORIGIN/);
    }
  });

  it('accepts only versions Chrome accepts', () => {
    expect(chromeVersion('1.2.3.4')).toBe('1.2.3.4');
    for (const bad of ['1.2.3-beta.1', '01.2', '1.2.3.4.5', '70000.0', '']) {
      expect(() => chromeVersion(bad), bad).toThrow(/Chrome extension version/);
    }
  });
});
