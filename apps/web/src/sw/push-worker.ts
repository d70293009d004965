import { openPushedNotice, showPushedNotice, type PushScope } from './push-handlers';

/**
 * The service worker's Web Push handlers (docs/behaviour/notifications.md, "Web Push"), bundled
 * on its own as `/push-handlers.js` (`build/service-worker-push.ts`) and loaded by the generated
 * `/service-worker.js` with `importScripts`. The service worker's types are not in this
 * project's libraries (DOM): `self` is read through the handlers' narrow scope.
 */
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
const scope = self as unknown as PushScope & {
  addEventListener(
    type: 'push',
    listener: (event: ExtendableEvent & { data: { json(): unknown } | null }) => void,
  ): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: ExtendableEvent & { notification: { data: unknown; close(): void } }) => void,
  ): void;
};

scope.addEventListener('push', (event) => event.waitUntil(showPushedNotice(scope, event.data)));
scope.addEventListener('notificationclick', (event) =>
  event.waitUntil(openPushedNotice(scope, event.notification)),
);
