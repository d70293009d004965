/**
 * A browser's `PushSubscription` JSON for `endpoint` (test helper): a valid P-256 public key
 * (uncompressed point) and 16-byte auth secret, as browsers give them.
 */
export const browserSubscription = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});
