import { config } from 'zod';

/*
 * zod 4 compiles a fast path for object schemas with `new Function`, probing once whether the page
 * may evaluate code. Our CSP has no 'unsafe-eval', so that probe is reported as a violation
 * (Lighthouse Best Practices, "inspector-issues"). Importing this module before the first parse
 * turns the compiler off in the browser: zod then checks objects the plain way, same verdicts and
 * messages. The server keeps its JIT (it never imports this). `config` rather than `z.config`:
 * the build treats `z.…` calls as pure (vite.config.ts) and would drop an unused one.
 */
config({ jitless: true });
