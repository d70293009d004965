import {
  AppError,
  normalizeOutboundPhone,
  TRANSFER_EXTENSIONS_MAX,
  type TransferExtension,
  type TransferExtensionRequest,
} from '@accueil/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { transferExtensions } from '../../db/schema/phone-settings';
import type { RequestContext } from '../../http/request-context';
import { getOrganizationSettings } from '../organizations/index';
import { authorizePhoneSettings, invalidField } from './phone-settings.policy';

type Row = typeof transferExtensions.$inferSelect;

const present = (row: Row): TransferExtension => ({
  id: row.id,
  name: row.name,
  phoneNumber: row.phoneNumber,
  extension: row.extension,
});
const notFound = () => new AppError('not-found', 'Transfer extension not found');

/**
 * The stored values of a request: the number read in the organisation's country and kept in
 * E.164 (an emergency or anonymous number is refused too), an empty extension as none.
 * @throws AppError `validation-failed` (`phoneNumber`: `phone-invalid`).
 */
async function valuesOf(deps: Pick<AppDeps, 'db'>, ctx: RequestContext, input: TransferExtensionRequest) {
  const settings = await getOrganizationSettings(deps, ctx.organizationId);
  const phoneNumber = normalizeOutboundPhone(input.phoneNumber, settings?.country ?? 'CA');
  if (!phoneNumber) throw invalidField('phoneNumber', 'phone-invalid', 'The phone number is not valid');
  return { name: input.name, phoneNumber, extension: input.extension ? input.extension : null };
}

/** GET /api/transfer-extension: every member of the organisation (the call panel transfers to them), by name. */
export async function listTransferExtensions(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
): Promise<TransferExtension[]> {
  const rows = await deps.db
    .select()
    .from(transferExtensions)
    .where(eq(transferExtensions.organizationId, ctx.organizationId))
    .orderBy(asc(transferExtensions.name), asc(transferExtensions.createdAt));
  return rows.map(present);
}

/**
 * POST /api/transfer-extension (administrators): at most `TRANSFER_EXTENSIONS_MAX` per organisation.
 * @throws AppError `forbidden`, `validation-failed` (`phone-invalid`; `max-count` beyond the limit).
 */
export async function createTransferExtension(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  input: TransferExtensionRequest,
): Promise<TransferExtension> {
  authorizePhoneSettings(ctx);
  const values = await valuesOf(deps, ctx, input);
  return deps.db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(transferExtensions)
      .where(eq(transferExtensions.organizationId, ctx.organizationId));
    if (n >= TRANSFER_EXTENSIONS_MAX)
      throw invalidField('name', 'max-count', `At most ${TRANSFER_EXTENSIONS_MAX} transfer extensions`);
    const [row] = await tx
      .insert(transferExtensions)
      .values({ organizationId: ctx.organizationId, ...values })
      .returning();
    return present(row!);
  });
}

/**
 * PUT /api/transfer-extension/:id (administrators): replaces name, number and extension.
 * @throws AppError `forbidden`, `not-found` (another organisation's id too), `validation-failed`.
 */
export async function updateTransferExtension(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  id: string,
  input: TransferExtensionRequest,
): Promise<TransferExtension> {
  authorizePhoneSettings(ctx);
  const values = await valuesOf(deps, ctx, input);
  const [row] = await deps.db
    .update(transferExtensions)
    .set(values)
    .where(and(eq(transferExtensions.organizationId, ctx.organizationId), eq(transferExtensions.id, id)))
    .returning();
  if (!row) throw notFound();
  return present(row);
}

/** DELETE /api/transfer-extension/:id (administrators). @throws AppError `forbidden`, `not-found`. */
export async function deleteTransferExtension(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  id: string,
): Promise<void> {
  authorizePhoneSettings(ctx);
  const [row] = await deps.db
    .delete(transferExtensions)
    .where(and(eq(transferExtensions.organizationId, ctx.organizationId), eq(transferExtensions.id, id)))
    .returning({ id: transferExtensions.id });
  if (!row) throw notFound();
}
