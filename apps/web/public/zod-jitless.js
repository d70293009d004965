// Loaded by index.html before the app's modules. Zod builds its object parsers with
// `new Function` when it may, probing once with a caught `new Function('')`; the server's
// Content-Security-Policy allows no eval, so that probe is refused and reported as a policy
// violation on every page. Zod reads this shared configuration object (the one `z.config()`
// writes) when its module loads, and skips the probe when `jitless` is set. It must run before
// any chunk that builds a schema, hence a classic script rather than a module of the bundle.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
