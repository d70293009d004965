import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for server tests: one ES256 (P-256) credential that answers
 * sign-in challenges as a browser would send them (`clientDataJSON`, `authenticatorData` with
 * the RP id's hash, user presence and verification flags and a signature counter, and an ECDSA
 * signature over both). Its `publicKey` is the COSE key, base64url, as the passkeys table keeps it.
 */
export type SoftAuthenticator = {
  /** The credential id, base64url. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The JSON a browser posts for `challenge` (base64url), signed with `counter`. */
  answer(input: {
    challenge: string;
    rpID: string;
    origin: string;
    counter: number;
  }): Record<string, unknown>;
};

/** A new credential with its own key pair. */
export function softAuthenticator(): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
  const credentialId = isoBase64URL.fromBuffer(randomBytes(16));
  return {
    credentialId,
    publicKey: isoBase64URL.fromBuffer(cose),
    answer: (input) => answer(privateKey, credentialId, input),
  };
}

function answer(
  privateKey: KeyObject,
  credentialId: string,
  input: { challenge: string; rpID: string; origin: string; counter: number },
): Record<string, unknown> {
  const clientData = Buffer.from(
    JSON.stringify({
      type: 'webauthn.get',
      challenge: input.challenge,
      origin: input.origin,
      crossOrigin: false,
    }),
  );
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(input.counter);
  const authenticatorData = Buffer.concat([
    createHash('sha256').update(input.rpID).digest(),
    Buffer.from([0x05]), // user present and verified
    counter,
  ]);
  const signature = sign(
    'sha256',
    Buffer.concat([authenticatorData, createHash('sha256').update(clientData).digest()]),
    privateKey,
  );
  return {
    id: credentialId,
    rawId: credentialId,
    type: 'public-key',
    response: {
      clientDataJSON: isoBase64URL.fromBuffer(clientData),
      authenticatorData: isoBase64URL.fromBuffer(authenticatorData),
      signature: isoBase64URL.fromBuffer(signature),
    },
    clientExtensionResults: {},
  };
}
