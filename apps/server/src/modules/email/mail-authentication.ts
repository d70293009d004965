import { resolve as resolveDns } from 'node:dns/promises';
import type { EmailAuthenticationField } from '../../db/schema/email';

/** A DNS lookup as mailauth asks it: TXT, MX, A… records of a name (node's `dns.promises.resolve`). */
export type DnsResolver = (name: string, rrtype: string) => Promise<unknown>;

/** How long one DNS lookup may take (ms); the whole check is bounded by `AUTHENTICATION_TIMEOUT_MS`. */
const DNS_TIMEOUT_MS = 3_000;
const AUTHENTICATION_TIMEOUT_MS = 8_000;
/** Answers (and refusals: no such name) are kept this long (ms), at most `DNS_CACHE_ENTRIES` of them. */
const DNS_CACHE_MS = 5 * 60_000;
const DNS_CACHE_ENTRIES = 2_000;

/**
 * The system's DNS with a time limit and a small cache: a mailbox's senders come from few
 * domains, and a sync of thousands of mails must not ask the same SPF and DMARC records
 * thousands of times. A failed lookup is cached too (the same error again), except a time-out.
 */
export function cachingResolver(lookup: DnsResolver = resolveDns): DnsResolver {
  const cache = new Map<string, { until: number; value: Promise<unknown> }>();
  return (name, rrtype) => {
    const key = `${rrtype} ${name.toLowerCase()}`;
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    let timer: NodeJS.Timeout | undefined;
    const value = Promise.race([
      lookup(name, rrtype),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error('DNS time-out'), { code: 'ETIMEOUT' })),
          DNS_TIMEOUT_MS,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    if (cache.size >= DNS_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { until: Date.now() + DNS_CACHE_MS, value });
    value.catch((error: { code?: string }) => {
      if (error.code === 'ETIMEOUT') cache.delete(key);
    });
    return value;
  };
}

const systemResolver = cachingResolver();

type Status = { status?: { result?: string } } | false | undefined;
const resultOf = (entry: Status) => (entry && entry.status?.result) || 'none';

/**
 * Whether the sender's domain vouches for the mail: DMARC fails; or, without a DMARC policy,
 * SPF or DKIM fails and neither passes. A `softfail`, a `neutral` or no record at all is no
 * warning (most small senders have no DMARC).
 */
export function isFailingSender(result: Omit<EmailAuthenticationField, 'failing'>): boolean {
  if (result.dmarc === 'fail') return true;
  if (result.dmarc === 'pass') return false;
  const passes = result.spf === 'pass' || result.dkim === 'pass';
  return !passes && (result.spf === 'fail' || result.dkim === 'fail');
}

/**
 * The bytes mailauth needs of `raw`: all of them when the mail carries a DKIM signature (it covers
 * the body), else its header block only — SPF and DMARC read headers, and without a signature
 * DKIM is `none` whatever the body: a large unsigned mail (files of megabytes) is not read a
 * second time after mailparser. A mail without a blank line after its headers is passed whole.
 */
export function bytesToAuthenticate(raw: Buffer): Buffer {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return raw;
  const head = raw.subarray(0, end + 2);
  if (/^dkim-signature[ \t]*:/im.test(head.toString('latin1'))) return raw;
  return Buffer.concat([head, Buffer.from('\r\n')]);
}

/**
 * SPF, DKIM and DMARC of an inbound mail (RFC 7208, 6376, 7489) as mailauth verifies them from
 * its bytes: DKIM signatures against the signers' keys in DNS, SPF for the client address and
 * HELO of the newest `Received` header and the `Return-Path` (the receiving server wrote them:
 * we read the mail later, over IMAP or an API), DMARC from both and the From domain. The best
 * DKIM result counts (a mail may carry several signatures). Never throws: a check that fails or
 * takes longer than 8 s answers `temperror`, not failing.
 */
export async function authenticateMail(
  raw: Buffer,
  resolver: DnsResolver = systemResolver,
): Promise<EmailAuthenticationField> {
  let timer: NodeJS.Timeout | undefined;
  try {
    // Loaded at the first mail, not at start (with undici, a quarter of a second of a restart).
    const { authenticate } = await import('mailauth');
    const result = await Promise.race([
      authenticate(bytesToAuthenticate(raw), {
        trustReceived: true,
        resolver: resolver as never,
        disableArc: true,
        disableBimi: true,
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('authentication time-out')), AUTHENTICATION_TIMEOUT_MS);
      }),
    ]);
    const dkimResults = (result.dkim?.results ?? []).map((r: Status) => resultOf(r));
    const dkim = dkimResults.includes('pass') ? 'pass' : (dkimResults[0] ?? 'none');
    const checked = { spf: resultOf(result.spf), dkim, dmarc: resultOf(result.dmarc) };
    return { ...checked, failing: isFailingSender(checked) };
  } catch {
    return { spf: 'temperror', dkim: 'temperror', dmarc: 'temperror', failing: false };
  } finally {
    clearTimeout(timer);
  }
}
