import { TITLE_BLINK_NORMAL_MS, TITLE_BLINK_NOTICE_MS } from '@accueil/domain';

/**
 * The page title blinks on notification: the notice shows for TITLE_BLINK_NOTICE_MS
 * (5 s), the normal title for TITLE_BLINK_NORMAL_MS (2 s), and so on until the window gets
 * focus or `stopTitleBlink()` is called. Nothing blinks while the person is looking at the
 * page (visible and focused): they already see the notification. Screens set their title
 * through `setPageTitle`, so a screen change during a blink is the title restored after it.
 */
let normalTitle: string | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let showingNotice = false;

/**
 * Sets the page's normal title (each screen: "Conversations · Accueil"). While the title
 * blinks it becomes the title shown between notices and restored at the end.
 */
export function setPageTitle(title: string): void {
  if (timer === null) {
    document.title = title;
    return;
  }
  normalTitle = title;
  if (!showingNotice) document.title = title;
}

function onFocus(): void {
  stopTitleBlink();
}

function showNotice(notice: string): void {
  showingNotice = true;
  document.title = notice;
  timer = setTimeout(() => showNormal(notice), TITLE_BLINK_NOTICE_MS);
}

function showNormal(notice: string): void {
  showingNotice = false;
  document.title = normalTitle ?? document.title;
  timer = setTimeout(() => showNotice(notice), TITLE_BLINK_NORMAL_MS);
}

/** Starts (or restarts with a new notice) the title blink. */
export function startTitleBlink(notice: string): void {
  if (document.visibilityState === 'visible' && document.hasFocus()) return;
  if (timer !== null) clearTimeout(timer);
  else {
    normalTitle = document.title;
    window.addEventListener('focus', onFocus);
  }
  showNotice(notice);
}

/** Stops blinking and puts the normal title back. */
export function stopTitleBlink(): void {
  if (timer === null) return;
  clearTimeout(timer);
  timer = null;
  showingNotice = false;
  window.removeEventListener('focus', onFocus);
  if (normalTitle !== null) document.title = normalTitle;
  normalTitle = null;
}

/** True while the title blinks. */
export function isTitleBlinking(): boolean {
  return timer !== null;
}
