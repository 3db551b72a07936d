// zod (parse.ts, loaded lazily) reads its settings from this global, shared by every copy of it.
// Set first thing, before any schema is made: each object schema decides when it is made whether
// to compile its parser with `new Function`, which the page's CSP (no 'unsafe-eval') refuses and
// reports even though zod catches the refusal. No zod in the first load for it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
