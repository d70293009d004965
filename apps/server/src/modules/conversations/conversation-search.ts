import { SEARCH_MIN_CHARS } from '@accueil/domain';
import { or, sql, type SQL } from 'drizzle-orm';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { contactIdsNamedLike } from '../contacts/index';
import { hasEmailSubjectLike } from '../email/index';
import { hasMessageLike } from '../messages/index';

/** Escapes LIKE wildcards so the term matches literally (backslash is ILIKE's escape). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Search (docs/behaviour/conversations.md): the contact's name, the phone number (as typed, and by its digits when the
 * term looks like a phone number: '555 12', '(514) 555-1234'), message text (a mail's text
 * too), and e-mails' subjects (the email module's `hasEmailSubjectLike`).
 * Shaped for 100,000 conversations (docs/benchmarks.md): names and numbers
 * are id sets read through their trigram indexes (hashed, probed per row), never an ILIKE per
 * conversation of the team; message text is an EXISTS that PostgreSQL runs either as a hashed
 * set (rare word, trigram index) or per conversation in list order (common word: the first
 * page fills after a few conversations). Runs inside the page query (no joins there); the
 * contacts and messages modules give their part as SQL (`contactIdsNamedLike`, `hasMessageLike`).
 */
export function searchPredicate(ctx: RequestContext, term: string): SQL {
  const pattern = likePattern(term);
  const numberArms: SQL[] = [sql`c2.friendly_name ilike ${pattern}`];
  const digits = term.replace(/\D/g, '');
  if (/^[\d\s().+-]+$/.test(term) && digits.length >= SEARCH_MIN_CHARS && digits !== term) {
    numberArms.push(sql`c2.friendly_name like ${likePattern(digits)}`);
  }
  return sql`(${conversations.id} in (select c2.id from conversations c2 where c2.organization_id = ${ctx.organizationId} and (${or(...numberArms)}))
    or ${conversations.contactId} in (${contactIdsNamedLike(ctx.organizationId, pattern)})
    or ${hasMessageLike(conversations.id, pattern)}
    or ${hasEmailSubjectLike(conversations.id, pattern)})`;
}
