/**
 * zod without its generated parsers. zod 4 probes `new Function('')` when the first object schema is built, to
 * see whether it may compile fast parsers; the page's Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') refuses, and although zod catches the error the browser still reports a CSP violation on every
 * page (Lighthouse's "issues logged in the Issues panel"). The compiled parsers could never run here anyway.
 * Imported first by the tab's offline engine (web/src/features/offline/offline-engine.ts), the first code with
 * schemas that every page loads; the entry does not carry zod.
 */
import { z } from 'zod';

z.config({ jitless: true });
