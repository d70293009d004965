import { generateKeyPairSync } from 'node:crypto';
import { dkimSign } from 'mailauth';
import { describe, expect, it } from 'vitest';
import {
  authenticateMail,
  bytesToAuthenticate,
  cachingResolver,
  isFailingSender,
  type DnsResolver,
} from './mail-authentication';

/** SPF, DKIM and DMARC of inbound mail (mailauth), against a DNS of our own: nothing leaves the machine. */
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicKeyBase64 = publicKey
  .export({ type: 'spki', format: 'pem' })
  .toString()
  .replace(/-----[^-]+-----|\s/g, '');

/** The domains' records: `clinique-amie.test` publishes SPF, a DKIM key and a DMARC policy that rejects. */
const records: Record<string, string[][]> = {
  'TXT clinique-amie.test': [['v=spf1 ip4:192.0.2.10 -all']],
  'TXT sel._domainkey.clinique-amie.test': [[`v=DKIM1; k=rsa; p=${publicKeyBase64}`]],
  'TXT _dmarc.clinique-amie.test': [['v=DMARC1; p=reject']],
};
const lookups: string[] = [];
const resolver: DnsResolver = (name, rrtype) => {
  lookups.push(`${rrtype} ${name}`);
  const found = records[`${rrtype} ${name.toLowerCase()}`];
  return found
    ? Promise.resolve(found)
    : Promise.reject(Object.assign(new Error(`${name} not found`), { code: 'ENOTFOUND' }));
};

const message = (clientIp: string) =>
  Buffer.from(
    [
      `Return-Path: <dr.roy@clinique-amie.test>`,
      `Received: from mail.clinique-amie.test (mail.clinique-amie.test [${clientIp}]) by mx.clinic.test with ESMTPS id abc; Mon, 2 Nov 2026 10:00:00 -0500`,
      'From: Dr Roy <dr.roy@clinique-amie.test>',
      'To: accueil@clinic.test',
      'Subject: Résultats',
      'Message-ID: <res-1@clinique-amie.test>',
      'Date: Mon, 2 Nov 2026 10:00:00 -0500',
      '',
      'Les résultats de Mme Tremblay sont prêts.',
      '',
    ].join('\r\n'),
  );

async function signed(raw: Buffer): Promise<Buffer> {
  // mailauth's signer takes its keys in `signatureData` (its types name them at the top).
  const result = await dkimSign(raw, {
    signatureData: [
      {
        signingDomain: 'clinique-amie.test',
        selector: 'sel',
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
    ],
  } as never);
  expect(result.errors).toEqual([]);
  return Buffer.concat([Buffer.from(result.signatures), raw]);
}

describe('authenticateMail', () => {
  it('passes a mail signed by its domain and sent from the address its SPF names', async () => {
    const result = await authenticateMail(await signed(message('192.0.2.10')), resolver);
    expect(result).toEqual({ spf: 'pass', dkim: 'pass', dmarc: 'pass', failing: false });
  });

  it('fails a forged mail: sent from elsewhere, unsigned, under a DMARC policy — a warning', async () => {
    const result = await authenticateMail(message('203.0.113.66'), resolver);
    expect(result).toMatchObject({ spf: 'fail', dkim: 'none', dmarc: 'fail', failing: true });
  });

  it('fails a signature whose body was changed on the way', async () => {
    const tampered = Buffer.from(
      (await signed(message('203.0.113.66'))).toString().replace('sont prêts', 'sont perdus'),
    );
    const result = await authenticateMail(tampered, resolver);
    // mailauth says `neutral` of a signature whose body hash no longer matches (RFC 6376 §6.3).
    expect(result).toMatchObject({ dkim: 'neutral', dmarc: 'fail', failing: true });
  });

  it('does not warn about a sender with no records at all, nor when DNS fails', async () => {
    const raw = Buffer.from(
      message('203.0.113.66').toString().replaceAll('clinique-amie.test', 'petit.test'),
    );
    expect(await authenticateMail(raw, resolver)).toMatchObject({ spf: 'none', failing: false });
    const broken: DnsResolver = () =>
      Promise.reject(Object.assign(new Error('SERVFAIL'), { code: 'ESERVFAIL' }));
    expect((await authenticateMail(message('203.0.113.66'), broken)).failing).toBe(false);
  });

  it('reads the body of a signed mail only: an unsigned one is checked from its headers, with the same results', async () => {
    const unsigned = message('203.0.113.66');
    const head = bytesToAuthenticate(unsigned).toString();
    expect(head).toMatch(/\r\nDate: Mon, 2 Nov 2026 10:00:00 -0500\r\n\r\n$/);
    expect(head).not.toContain('Mme Tremblay');
    const signedMail = await signed(message('192.0.2.10'));
    expect(bytesToAuthenticate(signedMail).equals(signedMail)).toBe(true);
    // Tampered: the signature's body hash needs the body, which is therefore read.
    const tampered = Buffer.from(signedMail.toString().replace('sont prêts', 'sont perdus'));
    expect((await authenticateMail(tampered, resolver)).dkim).toBe('neutral');
    expect(await authenticateMail(unsigned, resolver)).toEqual({
      spf: 'fail',
      dkim: 'none',
      dmarc: 'fail',
      failing: true,
    });
  });

  it('decides the warning from the three results', () => {
    expect(isFailingSender({ spf: 'pass', dkim: 'none', dmarc: 'fail' })).toBe(true);
    expect(isFailingSender({ spf: 'fail', dkim: 'pass', dmarc: 'none' })).toBe(false);
    expect(isFailingSender({ spf: 'fail', dkim: 'none', dmarc: 'none' })).toBe(true);
    expect(isFailingSender({ spf: 'softfail', dkim: 'none', dmarc: 'none' })).toBe(false);
  });

  it('asks DNS once per record within the cache’s time, a refusal too', async () => {
    lookups.length = 0;
    const cached = cachingResolver(resolver);
    await cached('clinique-amie.test', 'TXT');
    await cached('CLINIQUE-AMIE.test', 'TXT');
    await expect(cached('nowhere.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(cached('nowhere.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(lookups).toEqual(['TXT clinique-amie.test', 'TXT nowhere.test']);
  });
});
