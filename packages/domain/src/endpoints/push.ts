import { z } from 'zod';
import {
  deletePushSubscriptionSchema,
  pushSubscriptionSchema,
  vapidPublicKeySchema,
} from '../contracts/push';
import { endpoint } from './endpoint';

const tags = ['push'] as const;

/**
 * Web Push (docs/behaviour/notifications.md, "Web Push"): the signed-in user's browsers
 * subscribe to receive their notifications while no tab is open.
 */
export const pushEndpoints = {
  vapidPublicKey: endpoint({
    method: 'GET',
    path: '/api/push/vapid-public-key',
    tags,
    summary: "The installation's VAPID public key, which a browser subscribes with",
    responses: { 200: vapidPublicKeySchema },
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/api/push/subscriptions',
    tags,
    summary:
      "Keeps this browser's push subscription for the signed-in user (422 `push-endpoint-refused`: not a public https push service)",
    body: pushSubscriptionSchema,
    responses: { 204: z.null() },
  }),
  unsubscribe: endpoint({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    tags,
    summary: "Forgets one of the signed-in user's push subscriptions, by its endpoint",
    body: deletePushSubscriptionSchema,
    responses: { 204: z.null() },
  }),
};
