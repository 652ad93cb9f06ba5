import { z } from 'zod';

// An extension's pages and service worker run under Chrome's MV3 policy, which forbids eval:
// zod must not compile parsers with `new Function` (nor probe for it, which Chromium reports as
// a policy violation). Each entry imports this first, before any schema is built.
z.config({ jitless: true });
