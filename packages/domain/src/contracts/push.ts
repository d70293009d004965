import { z } from 'zod';

/** The longest push service endpoint accepted (characters): real ones are under 600. */
export const PUSH_ENDPOINT_MAX_CHARS = 2048;

/** base64url (RFC 4648 §5), padding tolerated: how browsers give a subscription's keys. */
const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'base64url');

/** An https URL of at most PUSH_ENDPOINT_MAX_CHARS characters: a push service's endpoint. */
export const pushEndpointSchema = z.url({ protocol: /^https$/ }).max(PUSH_ENDPOINT_MAX_CHARS);

/**
 * A browser's PushSubscription as `subscription.toJSON()` gives it
 * (docs/behaviour/notifications.md, "Web Push"): the push service's https `endpoint`, and the
 * keys the payload is encrypted with — `p256dh` (the browser's P-256 public key, 65 bytes:
 * 87–88 base64url characters) and `auth` (16 bytes: 22–24 characters). `expirationTime` (ms
 * since the epoch or null) is accepted and ignored. Anything else is refused.
 */
export const pushSubscriptionSchema = z
  .object({
    endpoint: pushEndpointSchema,
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: base64url.min(87).max(88),
        auth: base64url.min(22).max(24),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions: the subscription to forget, by its endpoint. */
export const deletePushSubscriptionSchema = z.object({ endpoint: pushEndpointSchema }).strict();

/** GET /api/push/vapid-public-key: the key a browser subscribes with (base64url, uncompressed P-256). */
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });

/**
 * What a push carries to the service worker (docs/behaviour/notifications.md, "Web Push"): the
 * kind, the conversation, and the title and body already in the user's language — the contact's
 * name, never a message's words.
 */
export const pushPayloadSchema = z.object({
  kind: z.enum(['assigned', 'mention', 'inbound-text']),
  conversationId: z.uuid(),
  title: z.string(),
  body: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
