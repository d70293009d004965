/**
 * `@simplewebauthn/server` and its helpers, imported on the first passkey operation rather than at
 * start: loading the library takes longer than anything else the server imports (about 0.5 s on a
 * quiet two-core machine, over a second under load), and a restarted server must answer within
 * seconds (docs/benchmarks.md, "Crash during ingest"). Node caches the module after the first call.
 */
export async function webAuthnLibrary(): Promise<
  typeof import('@simplewebauthn/server') &
    Pick<typeof import('@simplewebauthn/server/helpers'), 'isoBase64URL'>
> {
  const [library, helpers] = await Promise.all([
    import('@simplewebauthn/server'),
    import('@simplewebauthn/server/helpers'),
  ]);
  return { ...library, isoBase64URL: helpers.isoBase64URL };
}
