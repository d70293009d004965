import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../http/request-context';
import { detectMailProvider, providerOfMx } from './detect-mail-provider';

const admin = {
  organizationId: 'o',
  userId: 'u',
  sessionId: 's',
  role: 'admin',
  teamId: null,
} as RequestContext;
const deps = {} as never;

describe('which provider hosts an address', () => {
  it('knows the public services, then reads the domain’s MX', async () => {
    expect(providerOfMx(['aspmx.l.google.com.', 'alt1.aspmx.l.google.com'])).toBe('gmail');
    expect(providerOfMx(['clinique-ca.mail.protection.outlook.com'])).toBe('outlook');
    expect(providerOfMx(['mx.ovh.net'])).toBeNull();
    const mx = (exchange: string) => () => Promise.resolve([{ exchange }]);
    expect(await detectMailProvider(deps, admin, 'a@GMAIL.com', mx('x'))).toEqual({ provider: 'gmail' });
    expect(await detectMailProvider(deps, admin, 'a@clinique.ca', mx('aspmx.l.google.com'))).toEqual({
      provider: 'gmail',
    });
    expect(
      await detectMailProvider(deps, admin, 'a@clinique.ca', mx('x.mail.protection.outlook.com')),
    ).toEqual({
      provider: 'outlook',
    });
  });

  it('answers null when DNS fails (never an error)', async () => {
    const failing = () => Promise.reject(new Error('ENOTFOUND'));
    expect(await detectMailProvider(deps, admin, 'a@nulle-part.test', failing)).toEqual({ provider: null });
  });
});
