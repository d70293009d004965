import type {
  Actor,
  ConversationSubject,
  OrganizationSubject,
  PostSubject,
  RoleSubject,
  ScheduledMessageSubject,
  TeamSubject,
  UserSubject,
} from './actor';
import { canAssignRole, canSeeDevops, isAdministrator, isMarketing } from './roles';

const sameOrganization = (actor: Actor, subject: OrganizationSubject) =>
  actor.organizationId === subject.organizationId;
/** A conversation is worked from its team's inbox: the actor's current team, in its organisation. */
// Stryker disable next-line ConditionalExpression: a conversation always has a team (a string), never equal to a null team.
const inInbox = (actor: Actor, c: ConversationSubject) =>
  sameOrganization(actor, c) && actor.teamId !== null && actor.teamId === c.userGroupId;
const adminOf = (actor: Actor, subject: OrganizationSubject) =>
  isAdministrator(actor.role) && sameOrganization(actor, subject);
/**
 * Administrators of a team: the organisation's administrators (they set up every team) and the
 * members the team flags as its administrators, whatever their role.
 */
const teamAdminOf = (actor: Actor, team: TeamSubject) =>
  // Stryker disable next-line ArrayDeclaration: any list holding no user id admits nobody, as the empty one.
  sameOrganization(actor, team) &&
  (isAdministrator(actor.role) || (team.administratorIds ?? []).includes(actor.userId));

/**
 * The rules, one per action: the closed set of actions is this table's keys, and each rule
 * says what its subject is. Every rule refuses another organisation's subject, except where
 * the rule says otherwise (marketing reads every organisation's posts; devops impersonate).
 */
export const RULES = {
  /** Every member of the conversation's team reads, flags (pin, read), archives and texts from it. */
  'conversation.read': (actor: Actor, c: ConversationSubject) => inInbox(actor, c),
  'conversation.update': (actor: Actor, c: ConversationSubject) => inInbox(actor, c),
  'conversation.archive': (actor: Actor, c: ConversationSubject) => inInbox(actor, c),
  /**
   * Every member of the conversation's team assigns it (to a member of that team, checked by the
   * server against the team's members) or unassigns it (docs/behaviour/assignment.md).
   */
  'conversation.assign': (actor: Actor, c: ConversationSubject) => inInbox(actor, c),
  /** Deleting (a soft delete, restorable for 30 days) is an administrator's action, from the team's inbox. */
  'conversation.delete': (actor: Actor, c: ConversationSubject) =>
    inInbox(actor, c) && isAdministrator(actor.role),
  /** An administrator lists and restores the organisation's deleted conversations (any team). */
  'conversation.restore': (actor: Actor, organization: OrganizationSubject) => adminOf(actor, organization),
  'message.send': (actor: Actor, c: ConversationSubject) => inInbox(actor, c),
  /** Every member of the conversation's team writes internal notes in it (docs/behaviour/notes-and-presence.md). */
  'note.create': (actor: Actor, c: ConversationSubject) => inInbox(actor, c),
  /** A conversation is started in a team the actor works in (their current team). */
  'conversation.create': (actor: Actor, team: TeamSubject) =>
    sameOrganization(actor, team) && actor.teamId === team.id,
  /**
   * Only an administrator of a team (the organisation's, or one the team flags) adds a user to
   * it or changes who administers it; others see the other teams but cannot join them.
   */
  'team.addMember': (actor: Actor, team: TeamSubject) => teamAdminOf(actor, team),
  /** An administrator of a team removes a user from it (their default team included). */
  'team.removeMember': (actor: Actor, team: TeamSubject) => teamAdminOf(actor, team),
  /** The organisation's administrators create teams and change their label, e-mail, number and inbox. */
  'team.manage': (actor: Actor, team: OrganizationSubject) => adminOf(actor, team),
  /** The organisation's administrators create, edit, disable and enable its users. */
  'user.manage': (actor: Actor, user: OrganizationSubject) => adminOf(actor, user),
  /** An administrator gives a role no higher than their own (an admin cannot make a super admin). */
  'user.assignRole': (actor: Actor, subject: RoleSubject) =>
    adminOf(actor, subject) && canAssignRole(actor.role, subject.role),
  /** Working with several teams (and switching between them), unless the tier is single-team. */
  'team.switch': (actor: Actor, organization: OrganizationSubject) =>
    // Stryker disable next-line ArrayDeclaration: a list without 'single-team' allows switching, as the empty one.
    sameOrganization(actor, organization) && !(actor.tier ?? []).includes('single-team'),
  /** An administrator ends another user's sessions (forced disconnect). */
  'user.forceDisconnect': (actor: Actor, user: UserSubject) => adminOf(actor, user),
  /** An administrator mails a user of their organisation an invitation to set a first password. */
  'user.invite': (actor: Actor, user: UserSubject) => adminOf(actor, user),
  /** Only administrators edit the automatic missed-call and missed-SMS texts … */
  'automation.edit': (actor: Actor, organization: OrganizationSubject) => adminOf(actor, organization),
  /** … and the organisation's configuration. */
  'configuration.edit': (actor: Actor, organization: OrganizationSubject) => adminOf(actor, organization),
  /** Sign-in blocks (outside business hours, unknown machines) do not apply to administrators. */
  'login.bypassRestrictions': (actor: Actor, organization: OrganizationSubject) =>
    adminOf(actor, organization),
  /**
   * Acting as another organisation (time-limited, audited). Devops only: it crosses
   * organisations, which no organisation's own administrator (nor super admin) may do.
   */
  'organization.impersonate': (actor: Actor) => canSeeDevops(actor.role),
  /** Creating and listing the invitation codes that let a new organisation onboard: devops only. */
  'invitationCode.manage': (actor: Actor) => canSeeDevops(actor.role),
  /** Setting the service's status (the maintenance banner and overlay every user sees): devops only. */
  'serviceStatus.manage': (actor: Actor) => canSeeDevops(actor.role),
  /**
   * The operators' tools (docs/behaviour/operations.md): reading the installation's health and
   * running the synchronizations, across every organisation. Devops only.
   */
  'operations.manage': (actor: Actor) => canSeeDevops(actor.role),
  /** Marketing reads every post, drafts included; others read their organisation's published posts. */
  'post.read': (actor: Actor, post: PostSubject) =>
    isMarketing(actor.role) || (!post.draft && sameOrganization(actor, post)),
  /**
   * Marketing writes posts (creates, changes, publishes, unpublishes, removes sections) of every
   * organisation and of the shared catalogue: only they read drafts, so only they author them.
   */
  'post.write': (actor: Actor) => isMarketing(actor.role),
  /**
   * Marketing reads the SMS communication templates of every sector (the product's whole
   * catalogue, as they read every post).
   */
  'template.readSms': (actor: Actor) => isMarketing(actor.role),
  /**
   * Every member reads the SMS communication templates of their organisation's sector: the quick
   * message editor offers them to start from (docs/behaviour/quick-messages.md).
   */
  'template.read': (actor: Actor, organization: OrganizationSubject) => sameOrganization(actor, organization),
  /**
   * Every member of an organisation works with its contacts (the address book is shared by all
   * its teams): reads, creates, edits, links, deletes, imports and exports them.
   */
  'contact.manage': (actor: Actor, organization: OrganizationSubject) =>
    sameOrganization(actor, organization),
  /**
   * Every member of an organisation reads, writes, pins and deletes its quick messages (text
   * blocks): they are the team's shared answers, like the address book.
   */
  'textBlock.manage': (actor: Actor, organization: OrganizationSubject) =>
    sameOrganization(actor, organization),
  /** The devops menu entry and screen. */
  'devops.view': (actor: Actor) => canSeeDevops(actor.role),
  /** Outgoing calls: allowed when the organisation has no tier data, else by its tier. */
  'call.placeOutgoing': (actor: Actor, organization: OrganizationSubject) =>
    sameOrganization(actor, organization) && (actor.tier === null || actor.tier.includes('outgoing-calls')),
  /**
   * Every member of the call's team handles its calls from the team's inbox: answers, holds and
   * resumes, transfers, sends to the queue, parks, picks and hangs up (and reads them).
   */
  'call.handle': (actor: Actor, c: ConversationSubject) => inInbox(actor, c),
  /** The organisation's administrators delete a call's recording (its audio; the call shows it deleted). */
  'call.deleteRecording': (actor: Actor, organization: OrganizationSubject) => adminOf(actor, organization),
  /**
   * The organisation's administrators read its statistics (the screen and the weekly report's
   * figures; docs/behaviour/statistics.md): the spec names no other role for them.
   */
  'statistics.read': (actor: Actor, organization: OrganizationSubject) => adminOf(actor, organization),
  /** Administrators keep the professionals and their availability categories. */
  'professional.manage': (actor: Actor, organization: OrganizationSubject) => adminOf(actor, organization),
  /** Every member of the organisation books, moves and cancels its appointments. */
  'appointment.manage': (actor: Actor, organization: OrganizationSubject) =>
    sameOrganization(actor, organization),
  /** Transfer to an extension: off unless the tier has it. */
  'call.transferToExtension': (actor: Actor, organization: OrganizationSubject) =>
    // Stryker disable next-line ArrayDeclaration: a list without 'extension-transfer' refuses, as the empty one.
    sameOrganization(actor, organization) && (actor.tier ?? []).includes('extension-transfer'),
  /** A message is scheduled from a team the actor works in (their current team), as a text is sent. */
  'scheduledMessage.create': (actor: Actor, team: TeamSubject) =>
    sameOrganization(actor, team) && actor.teamId === team.id,
  /** The members of its team see a scheduled message; the organisation's administrators see every team's. */
  'scheduledMessage.read': (actor: Actor, s: ScheduledMessageSubject) =>
    sameOrganization(actor, s) && (actor.teamId === s.teamId || isAdministrator(actor.role)),
  /** Its author and the organisation's administrators edit or delete a scheduled message. */
  'scheduledMessage.manage': (actor: Actor, s: ScheduledMessageSubject) =>
    sameOrganization(actor, s) && (s.createdByUserId === actor.userId || isAdministrator(actor.role)),
} satisfies Record<string, (actor: Actor, subject: never) => boolean>;
