import type { Role } from '../entities/user';

/** §6 Administrator: admin, super-admin or devops (the reading that includes devops). */
export function isAdministrator(role: Role): boolean {
  return role === 'admin' || role === 'super-admin' || role === 'devops';
}
/** §6 Super admin: super-admin or devops. */
export function isSuperAdmin(role: Role): boolean {
  return role === 'super-admin' || role === 'devops';
}
/** §6 The devops menu entry is for devops only. */
export function canSeeDevops(role: Role): boolean {
  return role === 'devops';
}
