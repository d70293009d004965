// The conversations module's public use cases: other modules, the app and the carriers' routes
// import from here only (eslint.config.js). This file re-exports; it implements nothing.
export { claimConversationSeq } from './claim-conversation-seq';
export { claimConversationSeqs, lockConversations } from './conversations-in-bulk';
export { openConversationsInBulk, openedKey, type ConversationToOpen } from './open-conversations-in-bulk';
export { newConversationSid } from './conversation-sid';
export { loadConversationViewById, presentConversationRows } from './conversation-views';
export { conversationNotFound } from './conversations.policy';
export { presentConversation, type ConversationRow } from './conversations.presenter';
export { CREATE_CONVERSATION_ERRORS, createConversation } from './create-conversation';
export { deleteConversation } from './delete-conversation';
export { getConversation } from './get-conversation';
export { getConversationTeamId } from './get-conversation-team';
export { getConversationTeamIds } from './get-conversation-team-ids';
export { getUnreadCounts } from './get-unread-counts';
export { linkContactToConversations } from './link-contact-to-conversations';
export { listConversations } from './list-conversations';
export { listDeletedConversations } from './list-deleted-conversations';
export { purgeDeletedConversations } from './purge-deleted-conversations';
export { lookupConversation } from './lookup-conversation';
export { requireConversation } from './require-conversation';
export { openConversationForCall } from './open-conversation-for-call';
export { restoreConversation } from './restore-conversation';
export { setLastMessage } from './set-last-message';
export { updateConversation, type UpdateConversationOptions } from './update-conversation';
export { openEmailConversation } from './open-email-conversation';
export { getConversationAddress } from './get-conversation-address';
export { releaseExpiredFlowLocks } from './release-expired-flow-locks';
