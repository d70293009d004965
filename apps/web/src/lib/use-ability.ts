import {
  conversationAbilities,
  type Conversation,
  type ConversationAbilities,
  type SessionAbilities,
  type SessionAction,
  type SessionContext,
} from '@accueil/domain';
import { useSession } from './session';

const NONE: ConversationAbilities = {
  read: false,
  update: false,
  archive: false,
  delete: false,
  send: false,
};

/**
 * Whether the signed-in user may do `action` (`'devops.view'`, `'automation.edit'`, …), as the
 * server judged it for the session: the screens hide what the server would refuse. False when
 * signed out.
 */
export function useAbility(action: SessionAction): boolean {
  return abilityOf(useSession().context, action);
}

/** `useAbility` outside React: what `context` says of `action` (false without a context). */
export function abilityOf(context: SessionContext | null, action: SessionAction): boolean {
  // Optional chaining on abilities too: a context kept from before they were shipped has none.
  return (context?.abilities as Partial<SessionAbilities> | undefined)?.[action] ?? false;
}

/**
 * What the signed-in user may do on `conversation`, judged with the same rules the server
 * enforces (a conversation reaches the web app from answers and from realtime events sent to
 * the whole team alike, so it carries no per-user abilities). Nothing when signed out or
 * without a conversation.
 */
export function useConversationAbilities(conversation: Conversation | null): ConversationAbilities {
  const { context } = useSession();
  if (!conversation || !context) return NONE;
  return conversationAbilities(
    {
      userId: context.user.id,
      role: context.user.role,
      organizationId: context.organization.id,
      teamId: context.userGroup?.id ?? null,
      tier: null,
    },
    conversation,
  );
}
