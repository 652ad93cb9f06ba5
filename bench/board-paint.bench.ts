/// <reference lib="dom" />
/**
 * The board in a real browser (issue 6): first paint, DOM size at scale, and a card move's
 * input-to-paint, on the production build.
 *
 * Data: the demo team with 40,000 contacts, `--stage-heavy` (`npm run demo -- --contacts 40000
 * --stage-heavy`): 20,000 of them in "New Lead" of the default pipeline P. For the 200-card
 * comparison the benchmark creates pipeline Q with P's stages and puts min(count, 200) of each P
 * stage's contacts in the matching Q stage (so Q's "New Lead" holds 200). Embedded PGlite
 * (default) or PostgreSQL with BENCH_DATABASE_URL (an empty database).
 * Durability: PGlite and PostgreSQL defaults (fsync on, synchronous_commit on).
 * Browser: Debian Chromium (playwright-core, --headless=new --disable-gpu), 1440×900 viewport,
 * signed in as the demo user through the sign-in form.
 *
 * 1. First cards painted: a new tab of the signed-in context opens /contacts/pipeline/<P> (a
 *    fresh document load; HTTP cache warm, as a returning user has it: hashed assets are
 *    immutable, index.html is revalidated; the identity token and the query cache start empty).
 *    Measured from navigation start (performance.timeOrigin) to the first card painted: the
 *    Element Timing API (`elementtiming="board-card"` on the card names; renderTime), with a
 *    MutationObserver → requestAnimationFrame → MessageChannel time (the frame that shows the
 *    first card, main thread done) as a cross-check. Median of RUNS runs after one warm-up.
 *    Target: median ≤ 1,000 ms.
 * 2. DOM nodes (document.getElementsByTagName('*').length, the page settled): the board of P
 *    (20,000 in New Lead) vs the board of Q (200), at the top and with New Lead scrolled to the
 *    middle (10,000 cards loaded) and to the end (all loaded); the same for the full-stage list
 *    /contacts/pipeline/:id/:stageUID. Target: every P figure within 10 % of Q's.
 * 3. Card move input-to-paint: MOVES keyboard moves of one card between New Lead and the next
 *    stage (Space picks it up, ArrowRight/ArrowLeft carries it over, Space drops it; the card
 *    is marked data-carried meanwhile). For the
 *    arrow (the card shows in the other column) and for the drop (the card settles there): the
 *    keydown's event.timeStamp → requestAnimationFrame → MessageChannel after the DOM shows the
 *    card in its new column; Event Timing `event` entries (keydown duration, to the next paint,
 *    8 ms granularity, only reported from 16 ms) as a cross-check. Target: p95 ≤ 100 ms.
 *
 * The machine may be shared: os.loadavg() is printed with the figures. Needs `npm run build`.
 */
import os from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/browser';
import { signInThroughForm } from '../e2e/session';
import { perRequest, type Quick } from './figures';
import { startBenchServer, type BenchServer } from './server';
import { median, ms, percentile } from './stats';

const CONTACTS = 40_000;
const SMALL = 200;
const Q_NAME = 'Bench 200';
const RUNS = 9;
const MOVES = 20;
const VIEWPORT = { width: 1440, height: 900 };
const PAINT_TARGET_MS = 1_000;
const DOM_TOLERANCE = 0.1;
const MOVE_TARGET_MS = 100;

const CARD = '[data-stage-body] a[href^="/contact/"]';

interface StageInfo {
  stageUID: string;
  name: string;
  color: string;
  fontColor: string;
  idx: number;
  count: number;
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const log = (line: string) => process.stdout.write(`${line}\n`);

/** Installed in every page before its scripts: the first card's (main-thread) paint time. */
function firstCardProbe(selector: string) {
  const w = window as unknown as { __bench: Record<string, number> };
  w.__bench = {};
  const mo = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    mo.disconnect();
    w.__bench.cardInDom = performance.now();
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => (w.__bench.cardFrame = performance.now());
      ch.port2.postMessage(0);
    });
  });
  mo.observe(document, { childList: true, subtree: true });
}

interface PaintRun {
  elementTiming: number | null;
  frame: number;
  inDom: number;
  requests: { name: string; start: number; end: number }[];
  /** The HTML's responseEnd; DOMContentLoaded (the entry module and its imports have run). */
  document: number;
  scriptsRun: number;
}

async function readPaint(page: Page): Promise<PaintRun> {
  await page.waitForFunction(() => {
    const b = (window as unknown as { __bench: Record<string, number> }).__bench;
    return b?.cardFrame !== undefined;
  });
  // Element Timing entries are only in an observer's buffer; give the paint a moment to land.
  await page.waitForTimeout(300);
  return page.evaluate(async () => {
    const entries = await new Promise<PerformanceEntry[]>((resolve) => {
      const list: PerformanceEntry[] = [];
      const po = new PerformanceObserver((l) => list.push(...l.getEntries()));
      po.observe({ type: 'element', buffered: true });
      setTimeout(() => {
        po.disconnect();
        resolve(list);
      }, 50);
    });
    const cards = entries
      .filter((e) => (e as unknown as { identifier: string }).identifier === 'board-card')
      .map(
        (e) => (e as unknown as { renderTime: number; loadTime: number }).renderTime || e.startTime,
      );
    const b = (window as unknown as { __bench: Record<string, number> }).__bench;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      elementTiming: cards.length ? Math.min(...cards) : null,
      frame: b.cardFrame!,
      inDom: b.cardInDom!,
      requests: resources
        .filter((r) => r.name.includes('/api/'))
        .map((r) => ({
          name: new URL(r.name).pathname.replace(/\/api\/teams\/[^/]+/, '/api/teams/:t'),
          start: r.startTime,
          end: r.responseEnd,
        })),
      document: nav.responseEnd,
      scriptsRun: nav.domContentLoadedEventStart,
    };
  });
}

/** Waits until the DOM stops changing (no node added or removed for `quiet` ms). */
async function settle(page: Page, quiet = 600) {
  await page.evaluate(
    (q) =>
      new Promise<void>((resolve) => {
        const state: { mo?: MutationObserver } = {};
        const done = () => {
          state.mo?.disconnect();
          resolve();
        };
        let timer = setTimeout(done, q);
        state.mo = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, q);
        });
        state.mo.observe(document.body, { childList: true, subtree: true });
      }),
    quiet,
  );
}

const domCount = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);

/**
 * Scrolls `scroller` to the end of what is loaded until `want` cards are loaded (it reads the
 * element's data-loaded; the next pages load as the list nears its end), then puts card `at`
 * at the top of the view (the end when `at` is past the last card) and settles.
 */
async function scrollTo(page: Page, scroller: string, want: number, at: number) {
  const loaded = await page.evaluate(
    async ([sel, target, at]) => {
      const el = document.querySelector<HTMLElement>(sel)!;
      let last = -1;
      let since = performance.now();
      for (;;) {
        const n = Number(el.dataset.loaded);
        if (n >= target) break;
        if (n !== last) {
          last = n;
          since = performance.now();
        } else if (performance.now() - since > 15_000) break;
        el.scrollTop = el.scrollHeight;
        await new Promise((r) => setTimeout(r, 20));
      }
      const n = Number(el.dataset.loaded);
      el.scrollTop = at >= n ? el.scrollHeight : (el.scrollHeight * at) / n;
      return n;
    },
    [scroller, want, at] as const,
  );
  await settle(page);
  return loaded;
}

async function openSettled(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector(`[data-loaded] a[href^="/contact/"]`);
  await settle(page);
  return page;
}

interface DomFigures {
  top: number;
  middle: number;
  end: number;
  loadedMiddle: number;
  loadedEnd: number;
}

/** DOM node counts of a board (the stage's column) or a stage list, top / middle / end. */
async function domFigures(
  context: BrowserContext,
  url: string,
  scroller: string,
  count: number,
): Promise<DomFigures> {
  const page = await openSettled(context, url);
  try {
    const top = await domCount(page);
    // The middle: card count/2 at the top, the next pages loaded below it (so both the 20,000
    // and the 200 column render their overscan above and below).
    const mid = Math.floor(count / 2);
    const loadedMiddle = await scrollTo(page, scroller, Math.min(count, mid + 100), mid);
    const middle = await domCount(page);
    const loadedEnd = await scrollTo(page, scroller, count, count);
    const end = await domCount(page);
    return { top, middle, end, loadedMiddle, loadedEnd };
  } finally {
    await page.close();
  }
}

/** Creates Q: P's stages, min(count, SMALL) of each P stage's contacts in the matching stage. */
async function smallPipeline(server: BenchServer, groupUID: string, stages: StageInfo[]) {
  const t = `/api/teams/${server.teamUID}`;
  const { pipelines } = (
    await server.json<{ pipelines: { groupUID: string; nickName: string }[] }>(
      'GET',
      `${t}/pipelines`,
    )
  ).body;
  const kept = pipelines.find((p) => p.nickName === Q_NAME); // a kept data folder (BENCH_DATA_DIR)
  if (kept) {
    const board = await server.json<{ stages: StageInfo[] }>(
      'GET',
      `${t}/pipelines/${kept.groupUID}/board?limit=1`,
    );
    return { groupUID: kept.groupUID, stages: board.body.stages };
  }
  const created = await server.json<{ pipeline: { groupUID: string }; stages: StageInfo[] }>(
    'POST',
    `${t}/pipelines`,
    {
      nickName: Q_NAME,
      stages: stages
        .filter((s) => s.idx > 0)
        .map((s) => ({ name: s.name, color: s.color, fontColor: s.fontColor })),
    },
  );
  if (created.status !== 201) throw new Error(`creating pipeline Q answered ${created.status}`);
  const q = created.body;
  const jobs: { GTID: string; stageUID: string }[] = [];
  for (const s of stages) {
    const target = q.stages.find((x) => x.idx === s.idx)!;
    const page = await server.json<{ contacts: { GTID: string }[] }>(
      'GET',
      `${t}/pipelines/${groupUID}/stages/${s.stageUID}/contacts?limit=${SMALL}`,
    );
    for (const c of page.body.contacts) jobs.push({ GTID: c.GTID, stageUID: target.stageUID });
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const res = await server.json('POST', `${t}/contacts/${job.GTID}/pipelines`, {
          pipelineUID: q.pipeline.groupUID,
          stageUID: job.stageUID,
        });
        if (res.status !== 201) throw new Error(`adding a contact to Q answered ${res.status}`);
      }
    }),
  );
  return { groupUID: q.pipeline.groupUID, stages: q.stages };
}

/** Arms a watcher for the next keydown of `key`: resolves once the card shows where expected. */
function armMove(
  page: Page,
  args: { key: string; stageUID: string; GTID: string; settled: boolean },
) {
  return page.evaluate((a) => {
    const w = window as unknown as { __move: Promise<number> };
    w.__move = new Promise<number>((resolve) => {
      let input: number | null = null;
      const onKey = (e: KeyboardEvent) => {
        if (e.key !== a.key) return;
        input = e.timeStamp;
        window.removeEventListener('keydown', onKey, true);
      };
      window.addEventListener('keydown', onKey, true);
      const shown = () => {
        const el = document.querySelector(
          `[data-stage-body="${a.stageUID}"] a[href="/contact/${a.GTID}"]`,
        );
        if (!el) return false;
        return (
          !a.settled ||
          (!el.hasAttribute('data-dragging') &&
            !el.hasAttribute('data-carried') &&
            !document.querySelector('[data-overlay]'))
        );
      };
      const mo = new MutationObserver(() => {
        if (input === null || !shown()) return;
        mo.disconnect();
        const from = input;
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => resolve(performance.now() - from);
          ch.port2.postMessage(0);
        });
      });
      mo.observe(document.body, { childList: true, subtree: true, attributes: true });
    });
  }, args);
}

const awaitMove = (page: Page) =>
  page.evaluate(() => (window as unknown as { __move: Promise<number> }).__move);

async function measureMoves(context: BrowserContext, url: string, from: string, to: string) {
  const page = await openSettled(context, url);
  try {
    await page.evaluate(() => {
      const w = window as unknown as { __events: { name: string; duration: number }[] };
      w.__events = [];
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) w.__events.push({ name: e.name, duration: e.duration });
      }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    });
    const GTID = await page.evaluate(
      (s) =>
        document
          .querySelector(`[data-stage-body="${s}"] a[href^="/contact/"]`)!
          .getAttribute('href')!
          .replace('/contact/', ''),
      from,
    );
    const arrow: number[] = [];
    const drop: number[] = [];
    for (let i = 0; i < MOVES; i++) {
      const [src, dst, key] = i % 2 === 0 ? [from, to, 'ArrowRight'] : [to, from, 'ArrowLeft'];
      await page.locator(`[data-stage-body="${src}"] a[href="/contact/${GTID}"]`).focus();
      await page.keyboard.press('Space');
      // Picked up: the board carries keyboard moves itself (data-carried; a pointer drag shows
      // dnd-kit's overlay).
      await page.waitForSelector('[data-carried], [data-overlay]');
      await armMove(page, { key, stageUID: dst, GTID, settled: false });
      await page.keyboard.press(key);
      arrow.push(await awaitMove(page));
      const saved = page.waitForResponse(
        (r) => r.url().includes(`/contacts/${GTID}/pipelines/`) && r.request().method() === 'PUT',
      );
      await armMove(page, { key: ' ', stageUID: dst, GTID, settled: true });
      await page.keyboard.press('Space');
      drop.push(await awaitMove(page));
      const res = await saved;
      if (res.status() !== 200) throw new Error(`the move answered ${res.status()}`);
      await settle(page, 300);
    }
    const events = await page.evaluate(
      () => (window as unknown as { __events: { name: string; duration: number }[] }).__events,
    );
    return { arrow, drop, events };
  } finally {
    await page.close();
  }
}

/** A run's requests in start order, with its document and first-card times. */
const waterfall = (run: PaintRun) =>
  [
    `html ${run.document.toFixed(0)}, DOMContentLoaded ${run.scriptsRun.toFixed(0)}`,
    ...run.requests.map(
      (q) => `${q.name.replace('/api', '')} ${q.start.toFixed(0)}-${q.end.toFixed(0)}`,
    ),
    `card in DOM ${run.inDom.toFixed(0)}, painted ${(run.elementTiming ?? run.frame).toFixed(0)}`,
  ].join(', ');

const within = (a: number, b: number) => Math.abs(a - b) <= DOM_TOLERANCE * b;
const pct = (a: number, b: number) => `${a >= b ? '+' : ''}${(((a - b) / b) * 100).toFixed(1)} %`;

/**
 * `npm run bench -- board-paint [paint] [dom] [moves]`: only those parts (default: all).
 * Quick (`npm run bench -- all --quick`): the first paint only, 3 runs, on the quick bulk-stage
 * data (2,000 contacts, 1,000 in one stage: no seed of its own).
 */
export default async function boardPaint(args: string[] = [], quick?: Quick): Promise<boolean> {
  const parts = new Set(quick ? ['paint'] : args.length ? args : ['paint', 'dom', 'moves']);
  const server = await startBenchServer({ contacts: quick ? 2_000 : CONTACTS, stageHeavy: true });
  const browser = await launchBrowser();
  try {
    const { teamUID, engine, base } = server;
    const t = `/api/teams/${teamUID}`;
    const { pipelines } = (
      await server.json<{ pipelines: { groupUID: string; isDefault: boolean }[] }>(
        'GET',
        `${t}/pipelines`,
      )
    ).body;
    const P = pipelines.find((p) => p.isDefault)!.groupUID;
    const pStages = (
      await server.json<{ stages: StageInfo[] }>('GET', `${t}/pipelines/${P}/board?limit=1`)
    ).body.stages.sort((a, b) => a.idx - b.idx);
    const heavy = pStages.reduce((a, b) => (b.count > a.count ? b : a));
    const next = pStages.find((s) => s.idx > heavy.idx)!;
    log(`P: ${pStages.map((s) => `${s.name} ${s.count}`).join(', ')}; load ${load()}`);

    const context = await browser.newContext({ viewport: VIEWPORT });
    // tsx compiles this file with esbuild's keepNames: page code calls its __name helper.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await context.addInitScript(firstCardProbe, CARD);
    const signIn = await context.newPage();
    await signInThroughForm(signIn, base, 'demo@leadloom.dev', 'leadloom-demo');
    const boardUrl = (g: string) => `${base}/contacts/pipeline/${encodeURIComponent(g)}`;
    // One board load on the sign-in tab warms the HTTP cache (a returning user's).
    await signIn.goto(boardUrl(P));
    await readPaint(signIn);
    await signIn.close();

    const report = [
      '',
      `board-paint: ${engine}, demo team of ${quick ? 2_000 : CONTACTS} (--stage-heavy): "${heavy.name}" ` +
        `${heavy.count} cards; Chromium ${browser.version()}, ${VIEWPORT.width}x${VIEWPORT.height}`,
    ];
    const verdicts: boolean[] = [];
    const verdict = (ok: boolean) => {
      verdicts.push(ok);
      return ok ? 'met' : 'MISSED';
    };

    if (parts.has('paint')) {
      const loadBefore = load();
      const runs: PaintRun[] = [];
      const cpuBefore = await server.cpuSample();
      for (let r = 0; r < (quick ? 3 : RUNS); r++) {
        const page = await context.newPage();
        await page.goto(boardUrl(P), { waitUntil: 'commit' });
        runs.push(await readPaint(page));
        await page.close();
      }
      const et = runs.map((r) => r.elementTiming).filter((n): n is number => n !== null);
      const frames = runs.map((r) => r.frame);
      const paint = et.length === runs.length ? median(et) : median(frames);
      quick?.collect({
        id: 'board-paint first cards',
        figure: `median ${ms(paint)}`,
        ...perRequest(await server.cpuSince(cpuBefore), runs.length),
        goal: `first paint with 20,000 cards in one stage <= 600 ms (full size: bench board-paint paint); here ${heavy.count.toLocaleString('en-US')} cards: ${ms(paint)}`,
        errors: 0,
      });
      const typical = [...runs].sort((a, b) => a.frame - b.frame)[Math.floor(runs.length / 2)]!;
      report.push(
        `  first cards painted (new tab, warm HTTP cache), ${runs.length} runs: element timing ` +
          `median ${ms(median(et))} [${et.map((n) => n.toFixed(0)).join(' ')}]; frame median ` +
          `${ms(median(frames))}; card in DOM median ${ms(median(runs.map((r) => r.inDom)))}`,
        `    median run (ms from navigation): ${waterfall(typical)}`,
        `    loadavg ${loadBefore} → ${load()}; target median <= ${PAINT_TARGET_MS} ms: ` +
          verdict(paint <= PAINT_TARGET_MS),
      );
      log(report.slice(-3).join('\n'));
    }

    if (parts.has('dom')) {
      const Q = await smallPipeline(server, P, pStages);
      const small = Q.stages.find((s) => s.idx === heavy.idx)!;
      log(`Q: every P stage capped at ${SMALL} (${small.name} ${SMALL}); load ${load()}`);
      const loadDom = load();
      const list = (g: string, s: string) => `${boardUrl(g)}/${encodeURIComponent(s)}`;
      const colP = `[data-stage-body="${heavy.stageUID}"]`;
      const colQ = `[data-stage-body="${small.stageUID}"]`;
      const rows = '[role="list"]';
      const checks: [string, DomFigures, DomFigures][] = [
        [
          'board',
          await domFigures(context, boardUrl(P), colP, heavy.count),
          await domFigures(context, boardUrl(Q.groupUID), colQ, SMALL),
        ],
        [
          'stage list',
          await domFigures(context, list(P, heavy.stageUID), rows, heavy.count),
          await domFigures(context, list(Q.groupUID, small.stageUID), rows, SMALL),
        ],
      ];
      for (const [what, p, q] of checks) {
        report.push(
          `  DOM nodes, ${what}: ${heavy.count} cards top ${p.top} / middle ${p.middle} ` +
            `(${p.loadedMiddle} loaded) / end ${p.end} (${p.loadedEnd} loaded) vs ${SMALL} cards ` +
            `${q.top} / ${q.middle} / ${q.end}: ` +
            `${pct(p.top, q.top)}, ${pct(p.middle, q.middle)}, ${pct(p.end, q.end)}`,
        );
      }
      const domOk = checks.every(
        ([, p, q]) => within(p.top, q.top) && within(p.middle, q.middle) && within(p.end, q.end),
      );
      report.push(`    loadavg ${loadDom} → ${load()}; target within 10 %: ${verdict(domOk)}`);
    }

    if (parts.has('moves')) {
      const loadMoves = load();
      const moves = await measureMoves(context, boardUrl(P), heavy.stageUID, next.stageUID);
      const arrow = [...moves.arrow].sort((a, b) => a - b);
      const drop = [...moves.drop].sort((a, b) => a - b);
      const p95 = Math.max(percentile(arrow, 95), percentile(drop, 95));
      const keydowns = moves.events.filter((e) => e.name === 'keydown').map((e) => e.duration);
      report.push(
        `  card move input-to-paint, ${MOVES} keyboard moves: carried over (arrow) median ` +
          `${ms(median(arrow))} p95 ${ms(percentile(arrow, 95))}; dropped (Space) median ` +
          `${ms(median(drop))} p95 ${ms(percentile(drop, 95))}; Event Timing keydowns >= 16 ms: ` +
          `${keydowns.length} of ${MOVES * 3}` +
          (keydowns.length
            ? `, median ${ms(median(keydowns))} max ${ms(Math.max(...keydowns))}`
            : ''),
        `    loadavg ${loadMoves} → ${load()}; target p95 <= ${MOVE_TARGET_MS} ms: ` +
          verdict(p95 <= MOVE_TARGET_MS),
      );
    }
    await context.close();
    log(report.join('\n') + '\n');
    return verdicts.every(Boolean);
  } finally {
    await browser.close();
    await server.stop();
  }
}
