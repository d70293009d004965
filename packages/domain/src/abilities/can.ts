import type { Actor } from './actor';
import { RULES } from './rules';

/** The closed set of actions a rule exists for (`'conversation.delete'`, `'devops.view'`, …). */
export type Action = keyof typeof RULES;
/** Every action, in the rules' order. */
export const ACTIONS = /* @__PURE__ */ Object.keys(RULES) as Action[];
/** What `action` acts on (a conversation, a team, the organisation…); `undefined` for none. */
export type SubjectOf<A extends Action> = Parameters<(typeof RULES)[A]>[1];
type SubjectArgs<A extends Action> = SubjectOf<A> extends undefined ? [] : [subject: SubjectOf<A>];

/**
 * Whether `actor` may do `action` on `subject` (pure: the same answer on the server, which
 * enforces it, and in the web app, which hides what would be refused). Another organisation's
 * subject is refused by every rule, except the few that say otherwise.
 */
export function can<A extends Action>(actor: Actor, action: A, ...subject: SubjectArgs<A>): boolean {
  const rule = RULES[action] as (actor: Actor, subject: unknown) => boolean;
  return rule(actor, subject[0]);
}
