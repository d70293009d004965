import { bearerOf, startMailApiStandIn, type StandInResponse } from '../../testing/mail-api-stand-in';
import { gmailRecorded } from './gmail-recorded';

type StoredMessage = {
  id: string;
  threadId: string;
  raw: Buffer;
  labelIds: string[];
  historyId: number;
  messageId: string;
};

/**
 * A local stand-in of the Gmail API (`users.getProfile`, `messages.list`, `messages.get`
 * format=raw, `history.list`, `messages.send`) for one mailbox, answering the recorded shapes.
 * `deliver` puts a mail in the INBOX (a new history record); `accepts` decides which bearer
 * tokens are valid (401 otherwise); history before `forgetHistoryBefore` answers 404 as Gmail does.
 */
export async function startGmailStandIn(options: {
  address: string;
  accepts?: (token: string) => boolean;
  /** A fixed port (the end-to-end server is configured with the URL before this starts); else a free one. */
  port?: number;
}) {
  const messages: StoredMessage[] = [];
  const sent: { raw: Buffer; threadId?: string }[] = [];
  let historyId = 1000;
  let forgottenBefore = 0;
  const accepts = options.accepts ?? (() => true);
  const meta = (m: StoredMessage) => ({ id: m.id, threadId: m.threadId });

  const api = await startMailApiStandIn((request): StandInResponse | undefined => {
    const token = bearerOf(request);
    if (!token || !accepts(token)) return gmailRecorded.unauthorized;
    const path = request.url.pathname.replace(/^\/gmail\/v1\/users\/me/, '');
    const q = request.url.searchParams;
    if (request.method === 'GET' && path === '/profile')
      return {
        body: {
          emailAddress: options.address,
          messagesTotal: messages.length,
          threadsTotal: new Set(messages.map((m) => m.threadId)).size,
          historyId: String(historyId),
        },
      };
    if (request.method === 'GET' && path === '/messages') {
      const wanted = /^rfc822msgid:(.+)$/.exec(q.get('q') ?? '')?.[1];
      const found = messages
        .filter((m) =>
          wanted ? m.messageId === `<${wanted}>` : m.labelIds.includes(q.get('labelIds') ?? 'INBOX'),
        )
        .reverse()
        .slice(0, Number(q.get('maxResults') ?? 100));
      return {
        body: found.length
          ? { messages: found.map(meta), resultSizeEstimate: found.length }
          : { resultSizeEstimate: 0 },
      };
    }
    const one = /^\/messages\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && one) {
      const m = messages.find((x) => x.id === one[1]);
      if (!m) return gmailRecorded.notFound;
      return {
        body: {
          ...meta(m),
          labelIds: m.labelIds,
          snippet: '',
          sizeEstimate: m.raw.length,
          historyId: String(m.historyId),
          internalDate: String(Date.now()),
          raw: m.raw.toString('base64url'),
        },
      };
    }
    if (request.method === 'GET' && path === '/history') {
      const start = Number(q.get('startHistoryId'));
      if (start < forgottenBefore) return gmailRecorded.notFound;
      const max = Number(q.get('maxResults') ?? 100);
      const after = messages.filter((m) => m.historyId > start && m.labelIds.includes('INBOX'));
      const page = after.slice(0, max);
      const records = page.map((m) => ({
        id: String(m.historyId),
        messages: [meta(m)],
        messagesAdded: [{ message: { ...meta(m), labelIds: m.labelIds } }],
      }));
      return {
        body: {
          ...(records.length ? { history: records } : {}),
          ...(after.length > max ? { nextPageToken: `page-${page.at(-1)!.historyId}` } : {}),
          historyId: String(historyId),
        },
      };
    }
    if (request.method === 'POST' && path === '/messages/send') {
      const body = JSON.parse(request.body.toString()) as { raw: string; threadId?: string };
      sent.push({ raw: Buffer.from(body.raw, 'base64url'), threadId: body.threadId });
      historyId++;
      return {
        body: {
          id: `sent-${sent.length}`,
          threadId: body.threadId ?? `t-sent-${sent.length}`,
          labelIds: ['SENT'],
        },
      };
    }
    return undefined;
  }, options.port);

  return {
    ...api,
    sent,
    /** Puts a mail in the INBOX (its Message-ID read from the bytes), as a new history record. */
    deliver(raw: string, threadId?: string) {
      historyId++;
      const id = `m${historyId}`;
      const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? `<${id}@stand-in>`;
      messages.push({
        id,
        threadId: threadId ?? `t${historyId}`,
        raw: Buffer.from(raw),
        labelIds: ['INBOX', 'UNREAD'],
        historyId,
        messageId,
      });
      return { id, historyId };
    },
    /** History ids before the current one answer 404 (Gmail keeps history for about a week). */
    forgetHistory() {
      forgottenBefore = historyId;
    },
  };
}
