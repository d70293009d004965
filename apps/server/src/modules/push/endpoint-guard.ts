import { AppError } from '@accueil/domain';
import ipaddr from 'ipaddr.js';
import { lookup } from 'node:dns/promises';

/**
 * Refuses a push endpoint the server must not call (docs/behaviour/notifications.md, "Web Push";
 * the URL comes from a browser, so from anyone signed in): anything but https, and a host that
 * is or resolves to a private, loopback, link-local, multicast or otherwise non-public address
 * (SSRF). Checked when a subscription is kept and again before each send (a name may resolve
 * elsewhere later). `allowPrivate` (PUSH_ALLOW_PRIVATE_ENDPOINTS, tests only) lets a local
 * stand-in of a push service through (still https).
 * @throws AppError 'push-endpoint-refused' (422).
 */
export async function checkPushEndpoint(endpoint: string, allowPrivate: boolean): Promise<void> {
  const refuse = (why: string) => {
    throw new AppError('push-endpoint-refused', `This push endpoint is refused: ${why}`);
  };
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return refuse('not a URL');
  }
  if (url.protocol !== 'https:') return refuse('not https');
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = ipaddr.isValid(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (found) => found.map((a) => a.address),
        () => [],
      );
  if (addresses.length === 0) return refuse('the host does not resolve');
  for (const address of addresses) {
    let parsed = ipaddr.parse(address);
    if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
      parsed = (parsed as ipaddr.IPv6).toIPv4Address();
    if (parsed.range() !== 'unicast') return refuse('not a public address');
  }
}
