// zod probes `new Function('')` on first use to decide whether it may compile its parsers; under
// the pages' CSP (no 'unsafe-eval') that probe is a CSP violation on every page that validates a
// form (found by the stored-XSS browser test, docs/security.md). In the browser zod runs without
// it. Every schema module imports fields.ts, which imports this first, so the setting is in place
// before any schema exists; the pages that validate nothing never load zod at all.
import { config } from 'zod';

if (typeof document !== 'undefined') config({ jitless: true });
