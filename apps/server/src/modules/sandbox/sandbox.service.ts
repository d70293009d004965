import {
  AppError,
  normalizeOutboundPhone,
  type SandboxDirectory,
  type SandboxInboundRequest,
  type SandboxMessage,
} from '@accueil/domain';
import { desc, eq, or } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import { newSandboxMediaKey, sandboxMediaUrl } from '../../carriers/messaging/sandbox/sandbox-media';
import { SANDBOX_CARRIER_NAME } from '../../carriers/messaging/sandbox/sandbox-messaging-carrier';
import { sandboxMessages } from '../../db/schema/sandbox';
import { afterInboundMedia } from '../attachments/index';
import { afterInboundText } from '../automations/index';
import { recordInboundText } from '../messages/index';
import { findTeamByPhoneNumber } from '../teams/index';
import { readSandboxDirectory } from './sandbox-directory';
import { notifyPhone } from './notify-phone';
import { presentSandboxMessage } from './sandbox.presenter';

/** Most texts one simulated phone lists (the newest ones, shown oldest first). */
export const SANDBOX_PHONE_HISTORY_MAX = 500;

function e164(value: string, what: string): string {
  const phone = normalizeOutboundPhone(value);
  if (!phone) throw new AppError('phone-invalid', `${what} is not a valid phone number: ${value}`);
  return phone;
}

/** How long the phone itself shows a picture it sent (s): its signed URL's life. */
export const SANDBOX_PHONE_PICTURE_URL_TTL_S = 7 * 24 * 3600;

/**
 * Keeps the picture a simulated phone sends in the storage carrier (as Twilio keeps an MMS's
 * media until the app fetches it): the address the inbound text carries, and the URL the phone
 * shows it from.
 */
async function keepPhonePicture(
  deps: Pick<HostDeps, 'storage'>,
  picture: NonNullable<SandboxInboundRequest['picture']>,
): Promise<{ carrierUrl: string; phoneUrl: string; contentType: string }> {
  const bytes = Buffer.from(picture.data, 'base64');
  const key = newSandboxMediaKey();
  await deps.storage.put(key, bytes, { contentType: picture.contentType, contentLength: bytes.length });
  const phoneUrl = await deps.storage.signedUrl(key, { expiresInSeconds: SANDBOX_PHONE_PICTURE_URL_TTL_S });
  return { carrierUrl: sandboxMediaUrl(key), phoneUrl, contentType: picture.contentType };
}

/**
 * POST /api/sandbox/messages: a contact's simulated phone texts a team number, with words, a
 * picture or both. The picture is kept in the storage carrier (`keepPhonePicture`); the text is
 * kept on the phone side (`from-phone`, `sent`), handed to the conversations service as an
 * inbound text of carrier `sandbox` (id = the phone-side id; its picture as the sandbox's media
 * address, fetched and kept by the attachments module's job like Twilio's), then marked
 * `delivered` (or `failed` if that threw). Watchers of `from` are notified.
 * @throws AppError `phone-invalid` (400) for a bad number, `not-found` (404) when no team has `to`.
 */
export async function textFromPhone(deps: HostDeps, input: SandboxInboundRequest): Promise<SandboxMessage> {
  const from = e164(input.from, 'The sending phone');
  const to = e164(input.to, 'The team number');
  if (!(await findTeamByPhoneNumber(deps, to))) {
    throw new AppError('not-found', `No team has the number ${to}: pick one from the sandbox directory`);
  }
  const picture = input.picture ? await keepPhonePicture(deps, input.picture) : null;
  const [row] = await deps.db
    .insert(sandboxMessages)
    .values({
      from,
      to,
      body: input.body,
      direction: 'from-phone',
      status: 'sent',
      media: picture ? [{ url: picture.phoneUrl, contentType: picture.contentType }] : [],
    })
    .returning();
  if (!row) throw new Error('sandbox_messages insert returned no row');
  let status = 'delivered';
  try {
    const text = {
      carrier: SANDBOX_CARRIER_NAME,
      carrierMessageId: row.id,
      from,
      to,
      body: input.body,
      media: picture ? [{ url: picture.carrierUrl, contentType: picture.contentType }] : [],
    };
    const stored = await recordInboundText(deps, text);
    await afterInboundMedia(deps, text, stored);
    await afterInboundText(deps, stored);
  } catch (error) {
    status = 'failed';
    throw error;
  } finally {
    await deps.db.update(sandboxMessages).set({ status }).where(eq(sandboxMessages.id, row.id));
    notifyPhone(deps, from);
  }
  return presentSandboxMessage({ ...row, status });
}

/**
 * GET /api/sandbox/messages?number=: every text to or from that simulated phone (at most
 * `SANDBOX_PHONE_HISTORY_MAX`, the newest), oldest first.
 * @throws AppError `phone-invalid` (400).
 */
export async function listPhoneMessages(
  deps: Pick<HostDeps, 'db'>,
  number: string,
): Promise<SandboxMessage[]> {
  const phone = e164(number, 'The number');
  const rows = await deps.db
    .select()
    .from(sandboxMessages)
    .where(or(eq(sandboxMessages.from, phone), eq(sandboxMessages.to, phone)))
    .orderBy(desc(sandboxMessages.createdAt), desc(sandboxMessages.id))
    .limit(SANDBOX_PHONE_HISTORY_MAX);
  return rows.reverse().map(presentSandboxMessage);
}

/** GET /api/sandbox/directory: team numbers and contacts to play (see `readSandboxDirectory`). */
export function sandboxDirectory(deps: Pick<HostDeps, 'db'>): Promise<SandboxDirectory> {
  return readSandboxDirectory(deps);
}
