import {
  AppError,
  normalizeOutboundPhone,
  type OrganizationSettings,
  type UpdateOrganizationRequest,
} from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents, type EventDeps } from '../../events/transaction-with-events';
import { organizations } from '../../db/schema/organizations';
import type { RequestContext } from '../../http/request-context';
import { writeMachineMode } from '../auth/index';
import { getOrganizationSettings } from './get-organization-settings';
import { organizationNotFound } from './organizations.policy';
import { isServiceOfSector } from './services-catalogue';
import { changedSettingFields } from './settings-changes';

/** Empty or whitespace-only text clears a field (stored as null). */
const textOrNull = (value: string | null | undefined): string | null =>
  value && value.trim() ? value.trim() : null;

/**
 * Changes the settings of the request's organisation (the caller checked the policy: only
 * administrators). Fields left out keep their value; an option group given in part keeps its
 * other options. The name shown in lists follows the name of the organisation's locale (or the
 * default locale's when that one is empty). A phone is read in the organisation's country and
 * stored in E.164. Services must be of the sector's catalogue. The option "office only"
 * (`auth.disallowUserLoginOutsideOffice`) sets the machine allowlist's mode: on `enabled`, off `disabled`. A change that changes something
 * is recorded in the audit log (`organization.settings-changed`, the names of the fields that
 * changed, never their values) from the domain event recorded in the same transaction. Returns the settings after the change.
 * @throws AppError 'phone-invalid' (400) when the phone is not a valid number; 'validation-failed' for a service the sector does not offer; 'not-found' when the organisation is gone.
 */
export async function updateOrganizationSettings(
  deps: EventDeps,
  ctx: RequestContext,
  changes: UpdateOrganizationRequest,
): Promise<OrganizationSettings> {
  return transactionWithEvents(deps, async (tx) => {
    const current = await getOrganizationSettings(deps, ctx.organizationId, tx);
    if (!current) throw organizationNotFound();
    const names = changes.names ?? current.names;
    const locale = changes.locale ?? current.locale;
    const country = changes.country ?? current.country;
    let phone = current.phone;
    if (changes.phone !== undefined) {
      phone = textOrNull(changes.phone);
      if (phone !== null) {
        const e164 = normalizeOutboundPhone(phone, country);
        if (!e164)
          throw new AppError('phone-invalid', 'The phone number is not valid', [
            { location: 'body', path: 'phone', message: 'phone-invalid' },
          ]);
        phone = e164;
      }
    }
    // Services belong to the sector's catalogue: unknown ids are refused, and a change of
    // sector drops the services the new sector does not offer.
    const sector = changes.sector !== undefined ? changes.sector : current.sector;
    const unknown = (changes.services ?? []).flatMap((id, index) =>
      sector && isServiceOfSector(sector, id) ? [] : [index],
    );
    if (unknown.length > 0) {
      throw new AppError(
        'validation-failed',
        'Services not offered in the sector',
        unknown.map((index) => ({
          location: 'body',
          path: `services.${index}`,
          message: 'service-not-in-sector',
        })),
      );
    }
    const services = [...new Set(changes.services ?? current.services)].filter(
      (id) => sector !== null && isServiceOfSector(sector, id),
    );
    const o = changes.options ?? {};
    const options = {
      twilio: { ...current.options.twilio, ...o.twilio },
      voiceQueue: { ...current.options.voiceQueue, ...o.voiceQueue },
      auth: { ...current.options.auth, ...o.auth },
      endOlderSessionOnNewSignIn: o.endOlderSessionOnNewSignIn ?? current.options.endOlderSessionOnNewSignIn,
    };
    await tx
      .update(organizations)
      .set({
        name: textOrNull(names[locale]) ?? names['fr-CA'],
        names,
        locale,
        country,
        timeZone: changes.timeZone ?? current.timeZone,
        sector,
        services,
        website: changes.website !== undefined ? textOrNull(changes.website) : current.website,
        phone,
        email: changes.email !== undefined ? textOrNull(changes.email) : current.email,
        address: changes.address !== undefined ? textOrNull(changes.address) : current.address,
        expertises: changes.expertises ?? current.expertises,
        options,
      })
      .where(eq(organizations.id, ctx.organizationId));
    // "Office only" is the machine allowlist's enabled mode, not a second restriction: turning
    // it on enables the allowlist, turning it off disables it (the Security tab shows the same).
    if (options.auth.disallowUserLoginOutsideOffice !== current.options.auth.disallowUserLoginOutsideOffice) {
      await writeMachineMode(
        tx,
        ctx.organizationId,
        options.auth.disallowUserLoginOutsideOffice ? 'enabled' : 'disabled',
        new Date(),
      );
    }
    const after = (await getOrganizationSettings(deps, ctx.organizationId, tx))!;
    const fields = changedSettingFields(current, after);
    if (fields.length > 0) {
      await recordEvent(tx, {
        name: 'organization.settings-changed',
        organizationId: ctx.organizationId,
        actorUserId: ctx.userId,
        payload: { fields },
      });
    }
    return after;
  });
}
