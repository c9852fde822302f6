import { config } from 'zod';

/*
 * The shop's pages run under a CSP without 'unsafe-eval'. zod compiles object parsers with `new Function` unless
 * told not to, and probes for it the first time a schema is built — at load, before a page's own code could say
 * otherwise, which the browser reports as a CSP violation. In a browser it never tries; the server keeps the JIT.
 * Imported first by the contract's index, so it runs before any schema is built.
 */
if ('window' in globalThis) config({ jitless: true });
