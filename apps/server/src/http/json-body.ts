import type { AppInstance } from './types';

/**
 * JSON is the API's only body type (plus form bodies inside the webhook scope). The default
 * JSON parser is kept (it refuses prototype poisoning) but an empty body reads as "no body" (null),
 * since clients often send `Content-Type: application/json` on a bodiless DELETE or POST.
 * `text/plain` is removed so a wrong content type answers 415, not a confusing 400.
 */
export function installJsonBody(app: AppInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
