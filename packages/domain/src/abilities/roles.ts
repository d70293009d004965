import type { Role } from '../entities/user';

/**
 * Administrator: admin, super-admin or devops. The specification gives two readings (with or
 * without devops); devops is included because devops users run every organisation's setup.
 */
export function isAdministrator(role: Role): boolean {
  return role === 'admin' || role === 'super-admin' || role === 'devops';
}
/** Super admin: super-admin or devops. */
export function isSuperAdmin(role: Role): boolean {
  return role === 'super-admin' || role === 'devops';
}
/** Marketing: marketing or devops (they see draft posts and the SMS templates). */
export function isMarketing(role: Role): boolean {
  return role === 'marketing' || role === 'devops';
}
/** The devops menu entry and its screen are for devops only. */
export function canSeeDevops(role: Role): boolean {
  return role === 'devops';
}

/**
 * The roles `actor` may give: an admin gives user, marketing and admin; a super admin also
 * super-admin; devops every role. Nobody raises someone above themselves.
 */
export function assignableRoles(actor: Role): readonly Role[] {
  if (actor === 'devops') return ['user', 'marketing', 'admin', 'super-admin', 'devops'];
  if (actor === 'super-admin') return ['user', 'marketing', 'admin', 'super-admin'];
  if (actor === 'admin') return ['user', 'marketing', 'admin'];
  return [];
}
/** Whether `actor` may give `role` (see `assignableRoles`). */
export function canAssignRole(actor: Role, role: Role): boolean {
  return assignableRoles(actor).includes(role);
}
