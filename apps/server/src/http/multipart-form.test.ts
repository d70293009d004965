import multipart from '@fastify/multipart';
import { AppError } from '@accueil/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from '../test/multipart';
import { readMultipartForm, type MultipartFormRules } from './multipart-form';

/** One set of answers for every upload route (readMultipartForm), on a bare Fastify with the parser's limits. */
let app: FastifyInstance;

const rules: MultipartFormRules<'photo' | 'notes'> = {
  files: ['photo', 'notes'],
  requiredFiles: ['photo'],
  fields: ['title'],
  notMultipart: 'Send multipart',
  tooLarge: 'At most 100 bytes',
};

beforeAll(async () => {
  app = Fastify();
  await app.register(multipart, { limits: { fileSize: 100, fieldSize: 20 } });
  const answer = (read: () => Promise<unknown>) => async () => {
    try {
      return { ok: await read() };
    } catch (err) {
      if (err instanceof AppError) return { status: err.status, code: err.code, details: err.details };
      throw err;
    }
  };
  app.post('/default', (request) =>
    answer(async () => {
      const { fields, files } = await readMultipartForm(request, rules);
      return {
        fields,
        files: Object.fromEntries(Object.entries(files).map(([k, f]) => [k, f.data.toString()])),
      };
    })(),
  );
  app.post('/custom', (request) =>
    answer(() =>
      readMultipartForm(request, {
        ...rules,
        missing: () => new AppError('import-file-invalid', 'no photo'),
      }),
    )(),
  );
  await app.ready();
});
afterAll(() => app.close());

async function post(
  url: string,
  body: ReturnType<typeof multipartForm> | { payload: string; headers: Record<string, string> },
) {
  return (await app.inject({ method: 'POST', url, ...body })).json<Record<string, unknown>>();
}

const photo = (data = 'png', field = 'photo') => ({ field, fileName: 'a.png', data: Buffer.from(data) });

describe('readMultipartForm', () => {
  it('gives the listed text fields and the files by field; drops other fields and empty optional files', async () => {
    const res = await post(
      '/default',
      multipartForm({ title: 'Bonjour', name: 'from the form' }, [photo(), photo('', 'notes')]),
    );
    expect(res).toEqual({ ok: { fields: { title: 'Bonjour' }, files: { photo: 'png' } } });
  });

  it('415 for a body that is not multipart', async () => {
    const res = await post('/default', { payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(res).toMatchObject({ status: 415, code: 'unsupported-media-type' });
  });

  it('413 for a file past the limit, 400 maxLength for a text field cut by it', async () => {
    expect(await post('/default', multipartForm({}, [photo('x'.repeat(101))]))).toMatchObject({
      status: 413,
      code: 'payload-too-large',
    });
    expect(await post('/default', multipartForm({ title: 'y'.repeat(21) }, [photo()]))).toMatchObject({
      status: 400,
      code: 'validation-failed',
      details: [{ path: 'title', message: 'maxLength' }],
    });
  });

  it('a required file missing, empty or sent under another name: the required detail, or the route own refusal', async () => {
    for (const files of [[], [photo('')], [photo('png', 'picture')]])
      expect(await post('/default', multipartForm({}, files))).toMatchObject({
        status: 400,
        code: 'validation-failed',
        details: [{ path: 'photo', message: 'required' }],
      });
    expect(await post('/custom', multipartForm({}, [photo('png', 'picture')]))).toMatchObject({
      code: 'import-file-invalid',
    });
  });

  it('refuses a file under a field it does not take, or a field sent twice', async () => {
    expect(await post('/default', multipartForm({}, [photo(), photo('x', 'script')]))).toMatchObject({
      status: 400,
      details: [{ path: 'script', message: 'not-in' }],
    });
    expect(await post('/default', multipartForm({}, [photo(), photo('again')]))).toMatchObject({
      status: 400,
      details: [{ path: 'photo', message: 'not-in' }],
    });
  });
});
