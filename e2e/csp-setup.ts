// Loaded before every browser suite (vitest.config.ts setupFiles): a content-security-policy
// violation in any page fails the test during which it was reported, or the file when it is
// reported later (while the suite's browser closes).
import { afterAll, afterEach } from 'vitest';
import { assertNoCspViolations } from './csp';

afterEach(() => assertNoCspViolations('in this test'));
afterAll(() => assertNoCspViolations('after the last test of this file'));
