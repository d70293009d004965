// The messaging-v1 module's public parts: the app imports from here only (eslint.config.js).
// This file re-exports; it implements nothing.
export { withPollingLog, type PollingLogPublisher } from './polling-log';
export { purgePollingEvents } from './purge-polling-events';
