import { z } from 'zod';

// zod compiles object parsers with `new Function` unless told not to, and probes for it as soon
// as the first object schema is built; the content security policy (script-src 'self') forbids
// eval, and Chromium reports even the failed probe as a policy violation. Imported first by
// main.tsx, so this runs before any schema (the app's or @leadloom/core's) is created.
z.config({ jitless: true });
