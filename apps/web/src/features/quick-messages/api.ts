import {
  communicationTemplateEndpoints,
  textBlockEndpoints,
  type ContentLocale,
  type CreateTextBlockRequest,
  type UpdateTextBlockRequest,
} from '@accueil/domain';
import { api } from '../../lib/endpoint-client';

/** GET /api/organizations/:id/text-blocks?locale=: the organisation's quick messages of one locale. */
export function listTextBlocks(organizationId: string, locale: ContentLocale, signal?: AbortSignal) {
  return api.call(textBlockEndpoints.list, { params: { id: organizationId }, query: { locale }, signal });
}

/** One quick message. */
export function getTextBlock(organizationId: string, blockId: string, signal?: AbortSignal) {
  return api.call(textBlockEndpoints.get, { params: { id: organizationId, blockId }, signal });
}

/** Writes a new quick message. */
export function createTextBlock(organizationId: string, body: CreateTextBlockRequest) {
  return api.call(textBlockEndpoints.create, { params: { id: organizationId }, body });
}

/** Changes a quick message. */
export function updateTextBlock(organizationId: string, blockId: string, body: UpdateTextBlockRequest) {
  return api.call(textBlockEndpoints.update, { params: { id: organizationId, blockId }, body });
}

/** Deletes a quick message. */
export function deleteTextBlock(organizationId: string, blockId: string) {
  return api.call(textBlockEndpoints.delete, { params: { id: organizationId, blockId } });
}

/** The SMS templates shipped with the product for the organisation's sector, in one locale. */
export function listSmsTemplates(locale: ContentLocale, signal?: AbortSignal) {
  return api.call(communicationTemplateEndpoints.list, { query: { type: 'sms', locale }, signal });
}
