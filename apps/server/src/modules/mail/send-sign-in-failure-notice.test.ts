import { describe, expect, it } from 'vitest';
import { mailsTo } from '../../test/sandbox-mail';
import { buildUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { sendSignInFailureNotice } from './index';

const t = useTestApp();

describe('sendSignInFailureNotice', () => {
  it('mails the user how many sign-ins failed, when (their organisation’s time zone), from where, and the way to a new password', async () => {
    const user = await buildUser({ firstName: 'Marie' });
    const sent = await sendSignInFailureNotice(t.deps, {
      userId: user.id,
      failures: 5,
      lastAttemptAt: new Date('2026-11-23T21:40:00Z'),
      sourceAddress: '203.0.113.9',
    });
    expect(sent).toBe(true);
    const [mail] = await mailsTo(t.app, user.email);
    expect(mail!.subject).toBe('Tentatives de connexion échouées sur votre compte Accueil');
    expect(mail!.text).toContain(`5 tentatives de connexion au compte « ${user.username} » ont échoué`);
    // 21:40 UTC is 16:40 in Toronto (the factories' organisations), written the Canadian French way.
    expect(mail!.text).toMatch(/23 novembre 2026.*16 h 40/);
    expect(mail!.text).toContain("Depuis l'adresse : 203.0.113.9.");
    expect(mail!.text).toContain(`http://localhost:${t.deps.config.PORT}/password-forgot`);
  });

  it('sends nothing for a user that no longer exists', async () => {
    expect(
      await sendSignInFailureNotice(t.deps, {
        userId: '00000000-0000-4000-8000-000000000000',
        failures: 5,
        lastAttemptAt: new Date(),
      }),
    ).toBe(false);
  });
});
