// The push module's public use cases: other modules import from here only (eslint.config.js).
export { queuePushNotification } from './queue-push-notification';
