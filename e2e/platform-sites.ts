/**
 * The fixture platforms (e2e/fixtures/platforms) served under their real host names: one
 * loopback HTTPS server with a throwaway self-signed certificate, answering by Host header, and
 * the Chromium flags that send www.facebook.com, www.instagram.com and www.linkedin.com to it. So
 * the real extension runs on them with its manifest matches untouched, and nothing reaches the
 * real sites. The test drives the failure switches and reads what "arrived" in-process.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export type FixturePlatform = 'facebook' | 'instagram' | 'linkedin';

export interface Switches {
  /**
   * A failure the platform shows: on sending (limit: a dialog; not-sent: only the message's
   * status), on every page (login, checkpoint), or in the thread (cant-message).
   */
  fail: 'limit' | 'not-sent' | 'login' | 'checkpoint' | 'cant-message' | null;
  /** The app appears this long after the page loads; "Sending…" lasts half of it. */
  slowMs: number;
  lang: 'en' | 'de' | 'es';
  /** `paste-only`: the editor reverts what execCommand writes, so only a paste gets text in. */
  editor: 'lexical' | 'paste-only';
  /** Messenger's end-to-end encryption notice over the thread (on by default there). */
  e2ee: boolean;
}

export interface Arrival {
  platform: FixturePlatform;
  thread: string;
  text: string;
}

export interface FixturePerson {
  /** The profile link as the CRM stores it. */
  profile: string;
  /** The thread the profile's "Message" button opens (LinkedIn: the profile, with the overlay). */
  thread: string;
  threadId: string;
}

export const HOSTS: Readonly<Record<FixturePlatform, string>> = {
  facebook: 'www.facebook.com',
  instagram: 'www.instagram.com',
  linkedin: 'www.linkedin.com',
};

/** Dana, who exists on each platform. */
export const DANA: Readonly<Record<FixturePlatform, FixturePerson>> = {
  facebook: {
    profile: 'https://www.facebook.com/dana.fixture',
    thread: 'https://www.facebook.com/messages/t/100000000000001',
    threadId: '100000000000001',
  },
  instagram: {
    profile: 'https://www.instagram.com/dana.fixture/',
    thread: 'https://www.instagram.com/direct/t/340282366841710300949128171234567/',
    threadId: '340282366841710300949128171234567',
  },
  linkedin: {
    profile: 'https://www.linkedin.com/in/dana-fixture/',
    thread: 'https://www.linkedin.com/in/dana-fixture/',
    threadId: 'dana-fixture',
  },
};

/** Sam, a second person on Facebook: a queue of two recipients reaches two threads. */
export const SAM: Readonly<Pick<Record<FixturePlatform, FixturePerson>, 'facebook'>> = {
  facebook: {
    profile: 'https://www.facebook.com/sam.fixture',
    thread: 'https://www.facebook.com/messages/t/100000000000002',
    threadId: '100000000000002',
  },
};

interface Person extends FixturePerson {
  name: string;
  handle: string;
}

/** Everyone the fixture knows on each platform; anyone else's page is Dana's. */
const PEOPLE: Readonly<Record<FixturePlatform, Person[]>> = {
  facebook: [
    { ...DANA.facebook, name: 'Dana Fixture', handle: 'dana.fixture' },
    { ...SAM.facebook, name: 'Sam Fixture', handle: 'sam.fixture' },
  ],
  instagram: [{ ...DANA.instagram, name: 'Dana Fixture', handle: 'dana.fixture' }],
  linkedin: [{ ...DANA.linkedin, name: 'Dana Fixture', handle: 'dana.fixture' }],
};

export interface PlatformSites {
  port: number;
  /** Chromium flags: the host mapping (loopback stays reachable) and the certificate waiver. */
  chromiumArgs: string[];
  set(platform: FixturePlatform, switches: Partial<Switches>): void;
  /** Every platform back to its defaults, threads and arrivals emptied. */
  reset(): void;
  /** Every message that arrived, in order, with its exact text. */
  arrivals(): Arrival[];
  /** Puts an earlier message of the user's into a thread (as if sent before). */
  seed(platform: FixturePlatform, threadId: string, text: string): void;
  close(): Promise<void>;
}

const fixtures = fileURLToPath(new URL('./fixtures/platforms/', import.meta.url));

function defaults(platform: FixturePlatform): Switches {
  return { fail: null, slowMs: 0, lang: 'en', editor: 'lexical', e2ee: platform === 'facebook' };
}

async function throwawayCertificate(): Promise<{ key: Buffer; cert: Buffer }> {
  const dir = await mkdtemp(join(tmpdir(), 'leadloom-platform-cert-'));
  try {
    const names = Object.values(HOSTS)
      .map((host) => `DNS:${host}`)
      .join(',');
    await promisify(execFile)('/usr/bin/openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1',
      '-subj', '/CN=leadloom-platform-fixtures',
      '-addext', `subjectAltName=${names}`,
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ]); // prettier-ignore
    return {
      key: await readFile(join(dir, 'key.pem')),
      cert: await readFile(join(dir, 'cert.pem')),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type Page = 'profile' | 'thread' | 'login' | 'checkpoint';

/** Which page of the platform a path is, and whose thread it belongs to. */
function route(platform: FixturePlatform, path: string): { page: Page; person: Person } | null {
  const [dana] = PEOPLE[platform];
  const patterns: [RegExp, Page][] = {
    facebook: [
      [/^\/messages\/(?:e2ee\/)?t\/(\d+)\/?$/, 'thread'],
      [/^\/login\/?$/, 'login'],
      [/^\/checkpoint\//, 'checkpoint'],
      [/^\/([\w.]+)\/?$/, 'profile'],
    ] as [RegExp, Page][],
    instagram: [
      [/^\/direct\/t\/(\d+)\/?$/, 'thread'],
      [/^\/accounts\/login\/?$/, 'login'],
      [/^\/challenge\//, 'checkpoint'],
      [/^\/([\w.]+)\/?$/, 'profile'],
    ] as [RegExp, Page][],
    linkedin: [
      [/^\/in\/([\w-]+)\/?$/, 'profile'],
      [/^\/authwall\/?$/, 'login'],
      [/^\/checkpoint\//, 'checkpoint'],
    ] as [RegExp, Page][],
  }[platform];
  for (const [pattern, page] of patterns) {
    const match = pattern.exec(path);
    if (!match) continue;
    // A profile's handle or a thread's id names the person; anyone unknown is Dana.
    const key = match[1];
    const person =
      PEOPLE[platform].find((p) => key !== undefined && (p.handle === key || p.threadId === key)) ??
      dana!;
    return { page, person };
  }
  return null;
}

const LOGIN_PATH: Record<FixturePlatform, string | null> = {
  facebook: null, // Facebook shows its login form at the address asked for
  instagram: '/accounts/login/',
  linkedin: '/authwall',
};
const CHECKPOINT_PATH: Record<FixturePlatform, string> = {
  facebook: '/checkpoint/828281030927956/',
  instagram: '/challenge/action/',
  linkedin: '/checkpoint/challenge/verify/',
};

function html(state: unknown, platform: FixturePlatform, lang: string): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<title>${platform}</title><link rel="stylesheet" href="/__fixture/shared/style.css">
<script id="fixture-state" type="application/json">${json}</script>
<script src="/__fixture/shared/kit.js" defer></script>
<script src="/__fixture/${platform}/app.js" defer></script></head><body></body></html>`;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

export async function startPlatformSites(): Promise<PlatformSites> {
  const switches = new Map<FixturePlatform, Switches>();
  const threads = new Map<string, string[]>();
  let arrivals: Arrival[] = [];
  const reset = (): void => {
    for (const platform of Object.keys(HOSTS) as FixturePlatform[]) {
      switches.set(platform, defaults(platform));
    }
    threads.clear();
    arrivals = [];
  };
  reset();
  const messagesOf = (platform: FixturePlatform, threadId: string): string[] => {
    const key = `${platform}:${threadId}`;
    if (!threads.has(key)) threads.set(key, []);
    return threads.get(key)!;
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const host = (request.headers.host ?? '').split(':')[0];
    const platform = (Object.keys(HOSTS) as FixturePlatform[]).find((p) => HOSTS[p] === host);
    const url = new URL(request.url ?? '/', 'https://fixture.invalid');
    if (!platform) {
      response.writeHead(421).end('Misdirected');
      return;
    }
    const current = switches.get(platform)!;
    if (url.pathname.startsWith('/__fixture/') && request.method === 'GET') {
      const file = url.pathname.slice('/__fixture/'.length);
      if (!/^(shared|facebook|instagram|linkedin)\/[\w-]+\.(js|css)$/.test(file)) {
        response.writeHead(404).end();
        return;
      }
      const type = file.endsWith('.js') ? 'text/javascript' : 'text/css';
      response.writeHead(200, { 'content-type': `${type}; charset=utf-8` });
      response.end(await readFile(join(fixtures, file)));
      return;
    }
    if (url.pathname === '/__fixture/arrive' && request.method === 'POST') {
      const { thread, text } = JSON.parse(await readBody(request)) as Arrival;
      response.writeHead(200, { 'content-type': 'application/json' });
      if (current.fail === 'limit' || current.fail === 'not-sent') {
        response.end(JSON.stringify({ ok: false, error: current.fail }));
        return;
      }
      arrivals.push({ platform, thread, text });
      messagesOf(platform, thread).push(text);
      response.end(JSON.stringify({ ok: true }));
      return;
    }
    const found = route(platform, url.pathname);
    if (!found) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Page not found');
      return;
    }
    let { page } = found;
    if (current.fail === 'checkpoint' && page !== 'checkpoint') {
      response.writeHead(302, { location: CHECKPOINT_PATH[platform] }).end();
      return;
    }
    if (current.fail === 'login' && page !== 'login') {
      const wall = LOGIN_PATH[platform];
      if (wall) {
        response.writeHead(302, { location: `${wall}?next=${encodeURIComponent(url.pathname)}` });
        response.end();
        return;
      }
      page = 'login';
    }
    const state = {
      platform,
      page,
      switches: current,
      thread: {
        id: found.person.threadId,
        name: found.person.name,
        handle: found.person.handle,
        messages: messagesOf(platform, found.person.threadId),
      },
    };
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html(state, platform, current.lang));
  }

  const server = createServer(await throwawayCertificate(), (request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const rules = [
    ...Object.values(HOSTS).map((host) => `MAP ${host} 127.0.0.1:${port}`),
    // Anything else of the platforms' (their CDNs, a real facebook.com) resolves nowhere; the
    // app's own loopback server stays reachable.
    'MAP * ~NOTFOUND',
    'EXCLUDE localhost',
    'EXCLUDE 127.0.0.1',
  ];
  return {
    port,
    chromiumArgs: [`--host-resolver-rules=${rules.join(', ')}`, '--ignore-certificate-errors'],
    set: (platform, changes) => switches.set(platform, { ...switches.get(platform)!, ...changes }),
    reset,
    arrivals: () => [...arrivals],
    seed: (platform, threadId, text) => void messagesOf(platform, threadId).push(text),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
