import { readFileSync } from 'node:fs';

/**
 * JavaScript budgets of the built web app (gzip, kB = 1,000 bytes), checked by `size-limit`
 * after `vite build` (`npm run size -w @accueil/web`, part of `npm run test:e2e`).
 *
 * Which files a page loads is read from Vite's manifest (`dist/.vite/manifest.json`): a
 * page's chunks and, recursively, the chunks they import statically.
 * - The login page: what `index.html` loads before the first screen shows.
 * - The inbox's first load (a signed-in person opening /conversations): the login page's
 *   files plus the shell, the conversations screen, the realtime connection and the dialog
 *   and toast layer, all fetched before the inbox is usable.
 *
 * Only the namespaces of the login page (common, errors, login, shell) are in the first load's
 * JavaScript; every other screen's texts are fetched as JSON with the signed-in parts
 * (`loadAllCatalogues` in `src/lib/i18n.ts`) and are not counted here.
 *
 * The inbox’s target is 250 kB; it stands at 222.7 kB (222.1 kB before the inbox's keyboard shortcuts: their preload entry, the list's handle and next-after-archive; 215 kB before the presence menu’s status dot and live presence, the support dialog’s and personalisation’s lazy entries, the library’s error texts, menu entry and lazy route) (282 kB before the cuts below, 2026-11-24).
 * Kept out of its first load:
 * - loaded when the browser is idle after the list drew (`usePreloadWhenIdle`, src/app/idle.ts),
 *   or at once when first needed: the open conversation's pane (timeline, composer, call entries,
 *   contact panel), the dialog host and the toasts (src/app/overlays.tsx: a dialog or toast asked
 *   for before then shows when its layer is in), the delete confirmation, and every menu and
 *   tooltip of the shell and the list with Mantine's Menu, Popover, Tooltip and floating-ui's
 *   positioning (src/components/lazy-menu.tsx, lazy-tooltip.tsx; their targets show alone until
 *   then, the same in size and place);
 * - the endpoint tables' schemas (production builds keep method, path and statuses:
 *   build/endpoint-routes-only.ts), the Socket.IO client with the realtime events' schemas and
 *   zod (fetched when the connection starts, src/lib/realtime-socket.ts), every country's phone
 *   metadata (the list formats numbers with the supported countries' only, 4 kB), the
 *   new-conversation dialog, the segment counter, linkifyjs, the other modules' endpoint tables,
 *   the calls layer, the ICU message parser (messages are parsed at build time:
 *   build/precompiled-messages.ts), dayjs (src/lib/dayjs-locale.ts) and a form library.
 * The largest parts left: React and the router (81 kB), the rest of the login page (63 kB:
 * Mantine's core, react-intl, TanStack Query, the app's own code), the conversations screen
 * (12 kB), the list's virtualiser (@tanstack/react-virtual, 11 kB) and libphonenumber's formatting code
 * (9 kB). The limit was today's size plus 2 kB, against growth; 2026-11-29 it moved from 217 to
 * 218 kB for the personalisation route and the inbound announcement's lazy chunk (their preload
 * lists in the router and the inbox: 0.5 kB), the screens themselves staying out of the first load;
 * then to 219 kB for the content library's error texts and its lazy entries, and to 220 kB for the
 * attachments' new error codes, whose texts are in the core `errors` namespace every screen needs
 * (0.7 kB). The inbox measured 219.2 kB then. Later that day it moved to 221 kB: the France mode's
 choice of paths (the threads' endpoint table, 0.45 kB; loading it on demand cost more, through
 Vite's preload helper, than it saved), the service worker's idle registration host (0.3 kB);
 the polling layer was moved out of it and the polling banner's and support call's texts out of
 the core `shell` namespace (0.8 kB saved). The inbox measured 220.8 kB then. Internal notes and
 mentions (their error code, view and message direction in the shared domain code) brought it to
 221.1 kB; the forced-disconnect dialog (with ThemeIcon and its icon) then left the first load,
 loaded when a session is revoked (src/app/realtime-effects.tsx): 220.5 kB. 2026-11-30 it moved
 to 222 kB for assignment: the views Mine / Unassigned / All above the list (Mantine's Tabs and
 Badge, their counts' query) and the assignee's initials on rows are part of the list itself; the
 assign menu stays in the lazy menus. The inbox measured 221.5 kB then. The same day, to 223 kB:
 the Snoozed list's tab and a snoozed row's mark (part of the list) and the collision events'
 handling in the realtime layer (who is viewing and typing; their components stay lazy) brought it
 to 222.1 kB. Later that day to 224 kB for labels (docs/behaviour/labels.md): a conversation's
 labels as named badges on its row and in its header (part of the list and the header), the
 header's Labels button, the list's label filter in the list's query key and cache (the filter's
 Select, the picker and Configuration → Labels stay lazy), and the three label error codes' texts
 in the core `errors` namespace. The inbox measured 223.05 kB then (222.3 kB without labels).
 Then to 225 kB for bulk actions (docs/behaviour/assignment.md, "Web"): the selection's state in
 the list column (emptied when the list shown changes), each row's `aria-checked`, the lazy entry
 of the checkboxes and the bar (one chunk, `bulk/bulk-parts.ts`, with the selection's rules) and
 `storeConversations`; making the selection's own hook smaller and merging two lazy entries into
 one saved 0.13 kB. The inbox measured 224.3 kB then (223.9 kB without them).
 */
const manifest = JSON.parse(readFileSync(new URL('./dist/.vite/manifest.json', import.meta.url), 'utf8'));

/** The JavaScript files `keys` (manifest keys) load: their own chunk and static imports, recursively. */
function chunksOf(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`.size-limit.mjs: ${key} is not in the Vite manifest; was it renamed?`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => `dist/${manifest[key].file}`);
}

const LOGIN = ['index.html'];
const INBOX = [
  ...LOGIN,
  'src/app/shell/app-layout.tsx',
  'src/features/conversations/conversations-screen.tsx',
  'src/app/realtime-effects.tsx',
  'src/app/overlays.tsx',
];

export default [
  { name: 'login page (initial JavaScript)', path: chunksOf(LOGIN), limit: '170 kB', gzip: true },
  { name: 'inbox first load (JavaScript)', path: chunksOf(INBOX), limit: '225 kB', gzip: true },
];
