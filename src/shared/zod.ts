import { z } from 'zod';

/*
 * Every contract imports zod from here. Zod compiles object parsers with `new Function` when it may,
 * and probes for that while schemas are built; the browser's Content-Security-Policy has no
 * 'unsafe-eval', so there the probe would be reported as a violation. The interpreter is fast enough.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
