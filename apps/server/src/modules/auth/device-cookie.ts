import { DEVICE_COOKIE_MAX_AGE_S, DEVICE_COOKIE_NAME } from '@accueil/domain';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/*
 * The device cookie marks a machine that signed in before (docs/behaviour/sessions.md,
 * "Known machines"). Its value is `<id>.<mac>`: a random id and an HMAC-SHA256 of it under a
 * key derived from JWT_SECRET, so a client cannot forge the id of another machine (which would
 * let a guesser pass for the user's own computer, or for an allowlisted one).
 */

function deviceKey(config: Pick<Config, 'JWT_SECRET'>): Buffer {
  if (!config.JWT_SECRET) throw new Error('JWT_SECRET is not resolved (buildApp sets it)');
  return createHmac('sha256', config.JWT_SECRET).update('accueil device cookie v1').digest();
}

const macOf = (config: Pick<Config, 'JWT_SECRET'>, id: string) =>
  createHmac('sha256', deviceKey(config)).update(id).digest('base64url');

/** A new device id: 16 random bytes, base64url. */
export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

/** The signed cookie value of a device id. */
export function signDeviceId(config: Pick<Config, 'JWT_SECRET'>, id: string): string {
  return `${id}.${macOf(config, id)}`;
}

/** The device id of a cookie value, or null when it is missing, malformed or its signature is wrong. */
export function verifyDeviceCookie(
  config: Pick<Config, 'JWT_SECRET'>,
  value: string | undefined,
): string | null {
  if (!value) return null;
  const [id, mac, extra] = value.split('.');
  if (!id || !mac || extra !== undefined || id.length > 64) return null;
  const expected = Buffer.from(macOf(config, id));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The request's device id (valid signed cookie), or null. */
export function readDeviceId(request: FastifyRequest, config: Pick<Config, 'JWT_SECRET'>): string | null {
  return verifyDeviceCookie(config, request.cookies[DEVICE_COOKIE_NAME]);
}

/**
 * Sets the device cookie (httpOnly, SameSite=Lax, Secure when PUBLIC_URL is https, 365 days,
 * sent to the auth routes only). Set again at each sign-in, so a machine in use never expires.
 */
export function setDeviceCookie(
  reply: FastifyReply,
  config: Pick<Config, 'JWT_SECRET' | 'PUBLIC_URL'>,
  id: string,
): void {
  void reply.setCookie(DEVICE_COOKIE_NAME, signDeviceId(config, id), {
    httpOnly: true,
    path: '/api/auth',
    sameSite: 'lax',
    secure: config.PUBLIC_URL?.startsWith('https:') ?? false,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
