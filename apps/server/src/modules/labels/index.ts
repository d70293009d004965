// The labels module's public use cases: other modules import from here only (eslint.config.js).
// This file re-exports; it implements nothing.
export {
  getLabelsOfConversations,
  hasConversationLabel,
  replaceConversationLabels,
} from './conversation-labels';
