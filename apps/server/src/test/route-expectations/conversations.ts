import { multipartFile, multipartForm } from '../multipart';
import {
  ADMINISTRATORS,
  anId,
  conversation,
  DEVOPS,
  EVERY_ROLE,
  phone,
  type RouteExpectation,
} from './shared';

/** The role × route table's rows for conversations, messages, e-mail, attachments, scheduled messages, automatic replies and templates (see `../route-expectations.ts`). */
export const CONVERSATIONS_ROUTES: Record<string, RouteExpectation> = {
  'GET /api/conversations': { allow: EVERY_ROLE },
  'GET /api/conversations/unread-counts': { allow: EVERY_ROLE },
  'GET /api/conversations/view-counts': { allow: EVERY_ROLE },
  'GET /api/conversations/lookup': {
    allow: EVERY_ROLE,
    request: () => ({ query: `phone=${encodeURIComponent(phone())}` }),
  },
  'POST /api/conversations': { allow: EVERY_ROLE, request: () => ({ payload: { to: phone() } }) },
  'GET /api/conversations/deleted': {
    allow: ADMINISTRATORS,
    note: 'the restore list is an administrator view',
  },
  'GET /api/conversations/{id}': { allow: EVERY_ROLE, request: (w) => ({ params: conversation(w) }) },
  'PUT /api/conversations/{id}': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w), payload: { status: 'inactive' } }),
    note: 'archiving stays open to every member',
  },
  'PUT /api/conversations/{id}/assignee': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w), payload: { userId: null } }),
    note: 'every member of the team assigns (to a member of it) or unassigns',
  },
  'POST /api/conversations/bulk': {
    allow: EVERY_ROLE,
    request: (w) => ({ payload: { ids: [conversation(w).id], action: 'mark-read' } }),
    note: "each id by the single endpoints' rules: every member of the team archives, assigns, marks read",
  },
  'PUT /api/conversations/{id}/snooze': {
    allow: EVERY_ROLE,
    request: (w) => ({
      params: conversation(w),
      payload: { until: new Date(Date.now() + 60 * 60 * 1000).toISOString() },
    }),
    note: 'every member of the team snoozes (as archiving)',
  },
  'DELETE /api/conversations/{id}/snooze': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w) }),
    note: 'every member of the team ends a snooze',
  },
  'PUT /api/conversations/{id}/labels': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w), payload: { labelIds: [] } }),
    note: 'every member of the team sets labels, like a pin (docs/behaviour/labels.md)',
  },
  'GET /api/teams/unread-counts': { allow: EVERY_ROLE, note: "the signed-in user's own teams only" },
  'GET /api/labels': { allow: EVERY_ROLE },
  'POST /api/labels': {
    allow: ADMINISTRATORS,
    request: () => ({ payload: { name: `Label ${crypto.randomUUID().slice(0, 8)}`, color: 'blue' } }),
    note: "labels are the organisation's configuration",
  },
  'PUT /api/labels/{id}': {
    allow: ADMINISTRATORS,
    request: () => ({ params: anId(), payload: { color: 'red' } }),
  },
  'DELETE /api/labels/{id}': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
  'POST /api/conversations/{id}/follow-up': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w) }),
    note: "a member starts the contact's follow-up (flow lock)",
  },
  'DELETE /api/conversations/{id}/follow-up': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w) }),
  },
  'DELETE /api/conversations/{id}': {
    allow: ADMINISTRATORS,
    request: (w) => ({ params: conversation(w) }),
    note: "deleting is an administrator's action",
  },
  // France's paths (docs/behaviour/france.md): the matrix's organisations are in Canada, where they
  // answer 404 before any rule; in France the conversations' rules apply (messaging-v1's tests).
  'GET /api/messaging/v1/threads': { allow: EVERY_ROLE, note: 'France only (404 elsewhere)' },
  'POST /api/messaging/v1/threads': {
    allow: EVERY_ROLE,
    request: () => ({ payload: { to: phone() } }),
    note: 'France only (404 elsewhere)',
  },
  'GET /api/messaging/v1/threads/{id}': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w) }),
    note: 'France only (404 elsewhere)',
  },
  'PUT /api/messaging/v1/threads/{id}': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w), payload: { status: 'inactive' } }),
    note: 'France only (404 elsewhere)',
  },
  'DELETE /api/messaging/v1/threads/{id}': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w) }),
    note: "France only: 404 elsewhere for every role; in France an administrator's action (403 for others, messaging-v1's tests)",
  },
  'GET /api/messaging/v1/polling': {
    allow: EVERY_ROLE,
    request: () => ({ query: 'cursor=0' }),
    note: 'France only (404 elsewhere)',
  },
  'POST /api/conversations/{id}/restore': {
    allow: ADMINISTRATORS,
    request: (w) => ({ params: conversation(w) }),
  },
  'GET /api/conversations/{id}/messages': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w) }),
  },
  'POST /api/conversations/{id}/messages': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w), payload: { body: 'Bonjour' } }),
  },
  // Internal notes and mentions (notes-and-presence.md): every member of the conversation's team.
  'POST /api/conversations/{id}/notes': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w), payload: { body: 'Rappeler demain' } }),
  },
  'GET /api/conversations/{id}/mentionable': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w) }),
  },
  'POST /api/conversations/{id}/mentions/read': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w) }),
  },
  'POST /api/conversations/synchronize': { allow: DEVOPS },
  'POST /api/conversations/flows/synchronize': { allow: DEVOPS },
  'GET /api/conversations/{id}/emails': { allow: EVERY_ROLE, request: (w) => ({ params: conversation(w) }) },
  'POST /api/email-sync/{provider}/send/{id}': {
    allow: EVERY_ROLE,
    request: (w) => ({
      params: { provider: 'sandbox', id: w.conversationId },
      ...multipartForm({ inboxEmail: 'team@clinic.test', subject: 'Re', body: 'Bonjour' }),
    }),
    rowIdParams: ['id'],
    note: 'a phone conversation: 422 to every member, after the conversation’s rules',
  },
  'POST /api/email-sync/{provider}/attachments/{id}': {
    allow: EVERY_ROLE,
    request: () => ({
      params: { provider: 'sandbox', ...anId() },
      payload: { inboxEmail: 'team@clinic.test' },
    }),
    rowIdParams: ['id'],
  },
  // Audit log: the organisation's administrators.
  'GET /api/automatic-replies': {
    allow: EVERY_ROLE,
    note: 'every member reads them; administrators change them',
  },
  'PUT /api/automatic-replies': {
    allow: ADMINISTRATORS,
    request: () => ({
      payload: { teamId: null, kind: 'vacation', enabled: false, body: 'Fermé pour les vacances' },
    }),
  },
  'DELETE /api/automatic-replies/{id}': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
  // Quick messages (quick-messages.md): every member of the organisation (`textBlock.manage`).
  // Communication templates (quick-messages.md): every member reads the tokens and their sector's templates (`template.read`);
  // another sector's templates are marketing's (`template.readSms`, tested in communication-templates.test.ts).
  'GET /api/communication-templates/tokens': {
    allow: EVERY_ROLE,
    request: () => ({ query: 'sector=dental' }),
  },
  'GET /api/communication-templates': {
    allow: EVERY_ROLE,
    request: (w) => ({ query: `type=sms&userId=${w.userId}&locale=en-CA` }),
  },
  'GET /api/communication-templates/': {
    allow: EVERY_ROLE,
    request: (w) => ({ query: `type=sms&userId=${w.userId}&locale=en-CA` }),
    note: "the spec's path, with its trailing slash",
  },
  // Scheduled messages (scheduled-messages.md): every member of the team schedules; a message is
  // changed by its author or an administrator (a refusal of one row, 403, tested in its module).
  'GET /api/scheduled-messages': { allow: EVERY_ROLE },
  'POST /api/scheduled-messages': {
    allow: EVERY_ROLE,
    request: (w) => ({
      payload: {
        title: 'Rappel',
        message: 'Bonjour',
        date: '2030-01-07',
        time: '10:00',
        conversationId: w.conversationId,
      },
    }),
  },
  'GET /api/scheduled-messages/phone/{phone}': {
    allow: EVERY_ROLE,
    request: () => ({ params: { phone: phone() } }),
    rowIdParams: [],
    note: 'a phone number is no row id',
  },
  'GET /api/scheduled-messages/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'PUT /api/scheduled-messages/{id}': {
    allow: EVERY_ROLE,
    request: () => ({
      params: anId(),
      payload: { title: 'Rappel', message: 'Bonjour', date: '2030-01-07', time: '10:00' },
    }),
  },
  'DELETE /api/scheduled-messages/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  // Short links: every signed-in user shortens a link.
  'POST /api/link/create': {
    allow: EVERY_ROLE,
    request: () => ({ payload: { url: 'https://example.com/a-rather-long-path-for-a-short-link' } }),
  },
  // Web Push (notifications.md): every signed-in user keeps their own browsers' subscriptions.
  'GET /api/push/vapid-public-key': { allow: EVERY_ROLE },
  'POST /api/push/subscriptions': {
    allow: EVERY_ROLE,
    request: () => ({
      payload: {
        endpoint: 'https://1.1.1.1/push/role-matrix',
        keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
      },
    }),
  },
  'DELETE /api/push/subscriptions': {
    allow: EVERY_ROLE,
    request: () => ({ payload: { endpoint: 'https://1.1.1.1/push/role-matrix' } }),
  },
  // Calls (calls.md): every member of the call's team handles it (`call.handle`); another team's call answers 403 (tested in the module).
  'GET /api/conversations/{id}/calls': { allow: EVERY_ROLE, request: (w) => ({ params: conversation(w) }) },
  // Attachments (attachments.md): every signed-in user uploads for the messages they compose; a row not theirs answers 404.
  'POST /api/attachments': {
    allow: EVERY_ROLE,
    request: () => ({ query: 'size=9', ...multipartFile('file', 'note.txt', Buffer.from('not media')) }),
    note: 'a file of no accepted type: refused as input (415) to every role',
  },
  'GET /api/attachments/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/attachments/{id}/content': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/attachments/{id}/thumbnail': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'DELETE /api/attachments/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  // Secure files (secure-files.md): whoever may text a conversation sends a file or a request by
  // secure link; the contact's pages are public, the link's token and code are the proof.
  'POST /api/conversations/{id}/secure-files': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w), payload: { attachmentId: anId().id, salutation: 'ms' } }),
    note: 'an upload that is not theirs: 404 to every role',
  },
  'POST /api/conversations/{id}/secure-file-requests': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w), payload: { salutation: 'mr' } }),
    note: "the matrix's contact has no e-mail: 422 to every role",
  },
  'POST /api/secure-files/open': {
    allow: 'public',
    request: () => ({ payload: { token: 'a'.repeat(43), code: '123456' } }),
    note: 'the link and the code are the proof',
  },
  'POST /api/secure-files/upload': {
    allow: 'public',
    request: () => ({
      query: 'size=9',
      ...multipartForm({ token: 'a'.repeat(43), code: '123456' }, [
        { field: 'file', fileName: 'note.pdf', data: Buffer.from('%PDF-1.4\n') },
      ]),
    }),
    note: 'the link and the code are the proof',
  },
};
