import type { Config } from '../../../config';

/** Who the passkeys belong to, as WebAuthn checks it: the site's name, its domain, its origins. */
export type RelyingParty = { rpName: string; rpID: string; origins: string[] };

const LOCAL_ORIGIN = /^https?:\/\/localhost(:\d{1,5})?$/;

/**
 * The relying party of this installation: PUBLIC_URL's host and origin. Without PUBLIC_URL
 * (development, tests) it is `localhost`, and the page's origin is accepted when it is a
 * localhost one (`origin`, the request's Origin header): the dev server and the built app
 * listen on different ports. A passkey belongs to its domain: moving the installation to
 * another domain leaves the passkeys registered before unusable there.
 */
export function relyingPartyOf(config: Pick<Config, 'PUBLIC_URL'>, origin: string | undefined): RelyingParty {
  if (config.PUBLIC_URL) {
    const url = new URL(config.PUBLIC_URL);
    return { rpName: 'Accueil', rpID: url.hostname, origins: [url.origin] };
  }
  return {
    rpName: 'Accueil',
    rpID: 'localhost',
    origins: origin && LOCAL_ORIGIN.test(origin) ? [origin] : ['http://localhost'],
  };
}
