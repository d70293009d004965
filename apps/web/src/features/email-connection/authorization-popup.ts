import { OAUTH_POPUP_HEIGHT, OAUTH_POPUP_POLL_MS, OAUTH_POPUP_WIDTH } from '@accueil/domain';

/** What opening the provider's authorisation page did: watched until it closes, or refused by the browser. */
export type AuthorizationPopup =
  { blocked: true } | { blocked: false; closed: Promise<void>; stop: () => void };

/**
 * Opens the provider's authorisation page in a popup of `OAUTH_POPUP_WIDTH`×`OAUTH_POPUP_HEIGHT`
 * CSS pixels, centred on the current window, and checks every `OAUTH_POPUP_POLL_MS` whether it
 * closed (spec setup §4: "a link opens in an 800x600 popup, watched every second until it
 * closes"). The popup ends on `/verification/success` or `/verification/error/:provider`,
 * whose button closes it. `closed` resolves when it is closed; `stop` ends the watch early (the
 * screen left). `{ blocked: true }` when the browser refused to open it (a popup blocker): the
 * caller says so. `open` is `window.open` (a parameter for the tests).
 */
export function openAuthorizationPopup(
  link: string,
  open: (url: string, target: string, features: string) => Window | null = (...a) => window.open(...a),
): AuthorizationPopup {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - OAUTH_POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - OAUTH_POPUP_HEIGHT) / 2));
  const popup = open(
    link,
    'accueil-email-authorization',
    `popup=yes,width=${OAUTH_POPUP_WIDTH},height=${OAUTH_POPUP_HEIGHT},left=${left},top=${top}`,
  );
  if (!popup) return { blocked: true };
  let timer: ReturnType<typeof setInterval> | undefined;
  let finish = () => {};
  const closed = new Promise<void>((resolve) => {
    finish = () => {
      clearInterval(timer);
      resolve();
    };
    timer = setInterval(() => {
      if (popup.closed) finish();
    }, OAUTH_POPUP_POLL_MS);
  });
  return { blocked: false, closed, stop: () => finish() };
}
