// The messages module's public use cases: other modules, the app and the carriers' routes import
// from here only (eslint.config.js). This file re-exports; it implements nothing.
export { appendOutboundMessage, type AppendOutboundMessageOptions } from './append-outbound-message';
export { applyCarrierStatus } from './apply-carrier-status';
export { applyCarrierStatuses } from './apply-carrier-statuses';
export { deliverOutboundMessage } from './deliver-outbound-message';
export { getMessagesByIds } from './get-messages-by-ids';
export { hasMessageLike } from './has-message-like';
export { newestMessageLike, toSearchMatch } from './newest-message-like';
export { listMessages, type ListMessagesOptions } from './list-messages';
export { announceMessageCreated, announceMessageUpdated } from './message-events';
export { presentMessage, type MessageRow } from './messages.presenter';
export { IDEMPOTENCY_PURGE_BATCH_ROWS, purgeExpiredIdempotencyKeys } from './purge-expired-idempotency-keys';
export { recordInboundText } from './record-inbound-text';
export { readMessageMedia, setMessageMedia } from './set-message-media';
export { sendMessage, type SendMessageOptions } from './send-message';
export {
  BULK_CARRIER_CONCURRENCY,
  sendMessagesInBulk,
  type BulkText,
  type BulkTextResult,
} from './send-messages-in-bulk';
export { insertEmailMessage, insertEmailMessages, type EmailMessageToInsert } from './insert-email-message';
export { reconcileTextStatuses, type TextReconciliation } from './reconcile-text-statuses';
export { insertSecureFileMessage, setSecureFileMessage } from './secure-file-message';
export { getAuthor } from './sender-lookups';
export { refuseIfRepliedMeanwhile } from './replied-meanwhile';
export { createNote, type CreateNoteOptions } from './create-note';
export {
  countUnreadMentions,
  listMentionable,
  mentionedConversationIds,
  newestMentionAt,
  readMentions,
} from './note-mentions';
