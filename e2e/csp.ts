/**
 * Content-security-policy watch for the browser suites: every context the harness creates
 * (browser.ts) records each `securitypolicyviolation` event of each page and frame, and the
 * suites fail on one (csp-setup.ts checks after every test), so a change that the policy blocks
 * (an inline script, eval, a request to another origin) cannot pass unnoticed.
 *
 * Tests run under the policy too: `page.waitForFunction` with a string polls it through the
 * page's eval, which is refused; pass it a function.
 */
import type { BrowserContext } from 'playwright-core';

export interface CspViolation {
  /** The address of the document that broke its policy. */
  documentURI: string;
  effectiveDirective: string;
  /** What was blocked: a URL, or 'inline' / 'eval'. */
  blockedURI: string;
  sourceFile: string;
  lineNumber: number;
  sample: string;
}

const recorded: CspViolation[] = [];

const BINDING = '__leadloomCspViolation';

/**
 * Runs in every document before its own scripts. Capturing on window sees violations targeted
 * at elements (a blocked inline script or style) and at the document (eval, a refused request).
 */
const RECORDER = `(() => {
  window.addEventListener('securitypolicyviolation', (e) => {
    const report = window[${JSON.stringify(BINDING)}];
    if (typeof report !== 'function') return;
    report({
      documentURI: e.documentURI,
      effectiveDirective: e.effectiveDirective,
      blockedURI: e.blockedURI,
      sourceFile: e.sourceFile,
      lineNumber: e.lineNumber,
      sample: e.sample,
    });
  }, true);
})();`;

/** Makes every page and frame of `context` (now and later) report its policy violations. */
export async function watchCspViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding(BINDING, (_source, violation: CspViolation) => {
    recorded.push(violation);
  });
  await context.addInitScript({ content: RECORDER });
}

/** The violations recorded so far, which are then forgotten (for a test that expects one). */
export function takeCspViolations(): CspViolation[] {
  return recorded.splice(0);
}

/** Throws, listing them, when any violation was recorded since the last check. */
export function assertNoCspViolations(when: string): void {
  const found = takeCspViolations();
  if (found.length === 0) return;
  const lines = found.map(
    (v) =>
      `  ${v.effectiveDirective} blocked ${v.blockedURI || '(nothing named)'} in ${v.documentURI}` +
      (v.sourceFile ? ` (${v.sourceFile}:${v.lineNumber})` : '') +
      (v.sample ? `: ${v.sample}` : ''),
  );
  throw new Error(
    `${found.length} content-security-policy violation(s) ${when}:\n${lines.join('\n')}`,
  );
}
