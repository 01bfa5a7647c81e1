/**
 * zod compiles object parsers with `new Function` when it can, and probes for that when its first
 * object schema is made. Listo's Content-Security-Policy forbids eval, so the probe is a CSP
 * violation in the console on every start (Lighthouse's best-practices counts it). zod reads its
 * settings from this global when it loads (`zod/v4/core`'s `globalConfig`), so setting it here,
 * before any chunk with zod is loaded, turns compiling off without putting zod in the entry chunk.
 * zod-config.test.ts checks that zod still reads it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
