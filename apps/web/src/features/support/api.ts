import { apiRequest } from '../../lib/api';

/**
 * POST /api/email/support: a multipart form (the endpoint table has no body for it: JSON bodies
 * only) with the description, the page's address and, when there is one, the screenshot. The
 * server adds the signed-in person's name, e-mail, user and organisation. Resolves on its 204.
 */
export async function sendSupportRequest(input: {
  description: string;
  url: string;
  screenshot: { blob: Blob; name: string } | null;
}): Promise<void> {
  const form = new FormData();
  form.append('description', input.description);
  form.append('url', input.url);
  if (input.screenshot) form.append('screenshot', input.screenshot.blob, input.screenshot.name);
  await apiRequest<null>('POST', 'email/support', { body: form });
}
