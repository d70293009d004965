import { bearerOf, startMailApiStandIn, type StandInResponse } from '../../testing/mail-api-stand-in';
import { graphRecorded } from './graph-recorded';

/**
 * A local stand-in of Microsoft Graph (`/me`, the Inbox's `messages/delta` with next and delta
 * links, `/messages/{id}/$value`, `/sendMail` as MIME) for one mailbox, under `<url>/v1.0`.
 * `deliver` puts a mail in the Inbox; `accepts` decides which bearer tokens are valid.
 */
export async function startGraphStandIn(options: { address: string; accepts?: (token: string) => boolean }) {
  const messages: { id: string; raw: Buffer; seq: number }[] = [];
  const sent: Buffer[] = [];
  let seq = 0;
  let generation = 1;
  const accepts = options.accepts ?? (() => true);
  const api = await startMailApiStandIn((request, base): StandInResponse | undefined => {
    const token = bearerOf(request);
    if (!token || !accepts(token)) return graphRecorded.unauthorized;
    const root = `${base}/v1.0`;
    const path = request.url.pathname.replace(/^\/v1\.0/, '');
    const q = request.url.searchParams;
    if (request.method === 'GET' && path === '/me')
      return {
        body: {
          '@odata.context': `${root}/$metadata#users(mail,userPrincipalName)/$entity`,
          mail: options.address,
          userPrincipalName: options.address,
        },
      };
    if (request.method === 'GET' && path === '/me/mailFolders/inbox/messages/delta') {
      // The token holds the generation (an old one answers 410) and the position: `g.after`.
      const token = q.get('$deltatoken') ?? q.get('$skiptoken');
      const [gen, after] = token ? token.split('.').map(Number) : [generation, 0];
      if (gen !== generation) return graphRecorded.syncStateNotFound;
      const size = Number(/odata\.maxpagesize=(\d+)/.exec(String(request.headers.prefer ?? ''))?.[1] ?? 10);
      const page = messages.filter((m) => m.seq > after!).slice(0, size);
      const last = page.at(-1)?.seq ?? after!;
      const more = messages.some((m) => m.seq > last);
      return {
        body: {
          '@odata.context': `${root}/$metadata#Collection(message)`,
          value: page.map((m) => ({
            '@odata.type': '#microsoft.graph.message',
            '@odata.etag': `W/"${m.seq}"`,
            id: m.id,
          })),
          ...(more
            ? {
                '@odata.nextLink': `${root}/me/mailFolders/inbox/messages/delta?$skiptoken=${generation}.${last}`,
              }
            : {
                '@odata.deltaLink': `${root}/me/mailFolders/inbox/messages/delta?$deltatoken=${generation}.${last}`,
              }),
        },
      };
    }
    const value = /^\/me\/messages\/([^/]+)\/\$value$/.exec(path);
    if (request.method === 'GET' && value) {
      const m = messages.find((x) => x.id === decodeURIComponent(value[1]!));
      return m ? { raw: m.raw, headers: { 'content-type': 'text/plain' } } : graphRecorded.notFound;
    }
    if (request.method === 'POST' && path === '/me/sendMail') {
      sent.push(Buffer.from(request.body.toString(), 'base64'));
      return { status: 202, raw: '' };
    }
    return undefined;
  });
  return {
    ...api,
    sent,
    /** Puts a mail in the Inbox. */
    deliver(raw: string) {
      seq++;
      const id = `AAMkAGI2TG93AAA${seq}=`;
      messages.push({ id, raw: Buffer.from(raw), seq });
      return id;
    },
    /** Every delta token given so far answers 410 (the sync state expired). */
    expireDeltaTokens() {
      generation++;
    },
  };
}
