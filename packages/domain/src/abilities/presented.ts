import { z } from 'zod';
import type { Actor, ConversationSubject } from './actor';
import { can } from './can';

/**
 * The abilities shipped with the session (sign-in, profile, team switch answers), judged on
 * the actor's own organisation and current team: the web app hides what they would refuse.
 */
export const SESSION_ACTIONS = [
  'conversation.create',
  'team.addMember',
  'team.removeMember',
  'team.switch',
  'user.forceDisconnect',
  'automation.edit',
  'configuration.edit',
  'login.bypassRestrictions',
  'organization.impersonate',
  'invitationCode.manage',
  'conversation.restore',
  'template.readSms',
  'devops.view',
  'call.placeOutgoing',
  'call.transferToExtension',
  'professional.manage',
  'statistics.read',
] as const;
export type SessionAction = (typeof SESSION_ACTIONS)[number];

/** `{ 'devops.view': false, … }`: one boolean per session action. */
// Spelled out (not built with a map): a call at module level would keep zod in every page's bundle.
export const sessionAbilitiesSchema = z.object({
  'conversation.create': z.boolean(),
  'team.addMember': z.boolean(),
  'team.removeMember': z.boolean(),
  'team.switch': z.boolean(),
  'user.forceDisconnect': z.boolean(),
  'automation.edit': z.boolean(),
  'configuration.edit': z.boolean(),
  'login.bypassRestrictions': z.boolean(),
  'organization.impersonate': z.boolean(),
  'invitationCode.manage': z.boolean(),
  'conversation.restore': z.boolean(),
  'template.readSms': z.boolean(),
  'devops.view': z.boolean(),
  'call.placeOutgoing': z.boolean(),
  'call.transferToExtension': z.boolean(),
  'professional.manage': z.boolean(),
  'statistics.read': z.boolean(),
} satisfies Record<SessionAction, z.ZodBoolean>);
export type SessionAbilities = z.infer<typeof sessionAbilitiesSchema>;

/** What the actor may do on their own organisation and current team (none needing a team without one). */
export function sessionAbilities(actor: Actor): SessionAbilities {
  const organization = { organizationId: actor.organizationId };
  const team = actor.teamId === null ? null : { id: actor.teamId, organizationId: actor.organizationId };
  return {
    'conversation.create': team !== null && can(actor, 'conversation.create', team),
    'team.addMember': team !== null && can(actor, 'team.addMember', team),
    'team.removeMember': team !== null && can(actor, 'team.removeMember', team),
    'team.switch': can(actor, 'team.switch', organization),
    'user.forceDisconnect': can(actor, 'user.forceDisconnect', {
      id: actor.userId,
      organizationId: actor.organizationId,
    }),
    'automation.edit': can(actor, 'automation.edit', organization),
    'configuration.edit': can(actor, 'configuration.edit', organization),
    'login.bypassRestrictions': can(actor, 'login.bypassRestrictions', organization),
    'organization.impersonate': can(actor, 'organization.impersonate'),
    'invitationCode.manage': can(actor, 'invitationCode.manage'),
    'conversation.restore': can(actor, 'conversation.restore', organization),
    'template.readSms': can(actor, 'template.readSms'),
    'devops.view': can(actor, 'devops.view'),
    'call.placeOutgoing': can(actor, 'call.placeOutgoing', organization),
    'call.transferToExtension': can(actor, 'call.transferToExtension', organization),
    'professional.manage': can(actor, 'professional.manage', organization),
    'statistics.read': can(actor, 'statistics.read', organization),
  };
}

/** A conversation's abilities for the requesting user, as its answers carry them. */
export const conversationAbilitiesSchema = z.object({
  read: z.boolean(),
  update: z.boolean(),
  archive: z.boolean(),
  delete: z.boolean(),
  send: z.boolean(),
});
export type ConversationAbilities = z.infer<typeof conversationAbilitiesSchema>;

/** What `actor` may do on `conversation` (Outline's serialised policy, for one row). */
export function conversationAbilities(
  actor: Actor,
  conversation: ConversationSubject,
): ConversationAbilities {
  return {
    read: can(actor, 'conversation.read', conversation),
    update: can(actor, 'conversation.update', conversation),
    archive: can(actor, 'conversation.archive', conversation),
    delete: can(actor, 'conversation.delete', conversation),
    send: can(actor, 'message.send', conversation),
  };
}
