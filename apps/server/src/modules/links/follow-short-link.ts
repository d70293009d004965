import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { shortLinks } from '../../db/schema/short-links';
import { withSystemAccess } from '../../db/tenant-scope';

/**
 * GET /l/:code (no sign-in: whoever got the text follows it): counts one click and returns
 * the link's target, or null for an unknown code. The code is the only key, so the look-up
 * crosses organisations (system access `short-link`).
 */
export async function followShortLink(deps: AppDeps, code: string): Promise<string | null> {
  return withSystemAccess('short-link', async () => {
    const [row] = await deps.db
      .update(shortLinks)
      .set({ clicks: sql`${shortLinks.clicks} + 1` })
      .where(eq(shortLinks.code, code))
      .returning({ url: shortLinks.url });
    return row?.url ?? null;
  });
}
