// Runs before the app's modules (a classic script executes before deferred module scripts).
// zod 4 builds object parsers with `new Function` unless jitless, and even its feature probe
// is a violation of the CSP's `script-src 'self'`; zod reads this global when it first loads.
globalThis.__zod_globalConfig = { jitless: true };
