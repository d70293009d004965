/** How often the browser asks the server whether the service worker changed (ms; spec: every 60 s). */
export const SERVICE_WORKER_CHECK_MS = 60_000;

/**
 * Pages that take a new version without asking: the public pages people outside the
 * organisation open from a link (a post's page, `/p/…`: the microsite) hold no work in progress,
 * so they reload silently; every other page asks first (docs/behaviour/web-app.md, "Updates").
 */
export function reloadsSilently(pathname: string): boolean {
  return /^\/p\//.test(pathname);
}

/** What {@link watchForUpdates} needs of Workbox's `Workbox` (workbox-window). */
export interface UpdatableWorker {
  addEventListener(type: 'waiting' | 'controlling', listener: (event: { isUpdate?: boolean }) => void): void;
  register(): Promise<{ update(): Promise<unknown> } | undefined>;
  messageSkipWaiting(): void;
}

/** What the page does when a new version is ready. */
export interface UpdateHost {
  /** The page's path now (the choice between asking and reloading silently is made then). */
  pathname(): string;
  /** Shows the reload prompt; its button calls `accept`. */
  ask(accept: () => void): void;
  /** Reloads the page (onto the version the new worker serves). */
  reload(): void;
  /** Where errors of the periodic check go (a lost connection: the next check tries again). */
  warn(error: unknown): void;
}

/**
 * Registers the service worker and watches for a new version: checks the server every
 * {@link SERVICE_WORKER_CHECK_MS}; when a new worker is installed and waiting, asks the user
 * (`host.ask`) or, on a page that {@link reloadsSilently}, takes it at once; once the new worker
 * controls the page, reloads it. A first install (no earlier worker) asks nothing.
 * @returns stops the periodic check.
 */
export function watchForUpdates(worker: UpdatableWorker, host: UpdateHost): () => void {
  let accepted = false;
  const accept = () => {
    accepted = true;
    worker.messageSkipWaiting();
  };
  worker.addEventListener('waiting', () => {
    if (reloadsSilently(host.pathname())) accept();
    else host.ask(accept);
  });
  // Another tab accepting moves this one to the new worker too: the old version's files leave
  // the cache with the old worker, so this page reloads as well rather than fail its next lazy load.
  worker.addEventListener('controlling', (event) => {
    if (accepted || event.isUpdate) host.reload();
  });
  let timer: ReturnType<typeof setInterval> | null = null;
  let stopped = false;
  void worker.register().then(
    (registration) => {
      if (!registration || stopped) return;
      timer = setInterval(() => {
        registration.update().catch((error: unknown) => host.warn(error));
      }, SERVICE_WORKER_CHECK_MS);
    },
    (error: unknown) => host.warn(error),
  );
  return () => {
    stopped = true;
    if (timer !== null) clearInterval(timer);
  };
}
