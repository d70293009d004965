import { describe, expect, it } from 'vitest';
import { ROLES } from '../entities/user';
import { assignableRoles, canSeeDevops, isAdministrator, isSuperAdmin } from './roles';

describe('role groups', () => {
  it('who is an administrator, a super admin, and sees the devops entry', () => {
    expect(ROLES.filter(isAdministrator)).toEqual(['admin', 'super-admin', 'devops']);
    expect(ROLES.filter(isSuperAdmin)).toEqual(['super-admin', 'devops']);
    expect(ROLES.filter(canSeeDevops)).toEqual(['devops']);
  });
});

describe('assignable roles', () => {
  it('nobody raises someone above themselves; users and marketing assign no role', () => {
    expect(assignableRoles('devops')).toEqual(['user', 'marketing', 'admin', 'super-admin', 'devops']);
    expect(assignableRoles('super-admin')).toEqual(['user', 'marketing', 'admin', 'super-admin']);
    expect(assignableRoles('admin')).toEqual(['user', 'marketing', 'admin']);
    expect(assignableRoles('user')).toEqual([]);
    expect(assignableRoles('marketing')).toEqual([]);
  });
});
