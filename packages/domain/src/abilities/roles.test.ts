import { describe, expect, it } from 'vitest';
import { ROLES } from '../entities/user';
import { canSeeDevops, isAdministrator, isSuperAdmin } from './roles';

describe('role groups', () => {
  it('who is an administrator, a super admin, and sees the devops entry', () => {
    expect(ROLES.filter(isAdministrator)).toEqual(['admin', 'super-admin', 'devops']);
    expect(ROLES.filter(isSuperAdmin)).toEqual(['super-admin', 'devops']);
    expect(ROLES.filter(canSeeDevops)).toEqual(['devops']);
  });
});
