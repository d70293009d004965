/**
 * A new conversation sid: `CH` and 32 hexadecimal digits (the shape of a Twilio Conversations
 * sid, which the API keeps). Every conversation gets one at creation, whoever creates it (a
 * user, an inbound text, the demo seed, a test).
 */
export function newConversationSid(): string {
  return `CH${crypto.randomUUID().replace(/-/g, '')}`;
}
