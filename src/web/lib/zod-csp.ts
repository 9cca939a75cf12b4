import { z } from 'zod';

/*
 * Import this before any module that builds zod schemas (the shared contracts). Zod compiles object
 * parsers with `new Function` when it may, and probes for that while the schemas are being built; our
 * CSP has no 'unsafe-eval', so the probe is reported as a violation. The interpreter is fast enough.
 */
z.config({ jitless: true });
