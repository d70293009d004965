import type { Attachment } from '@accueil/domain';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { renderWithProviders } from '../../../test/render-with-providers';
import ComposerAttachments from './composer-attachments';
import { useComposerAttachments } from './use-composer-attachments';
import type { UploadProgress } from './api';

/** Each call of the mocked upload, to be moved along by the test: its file, options and outcome. */
type Call = {
  file: File;
  resize: boolean;
  onProgress: UploadProgress;
  resolve: (a: Attachment) => void;
  reject: (e: unknown) => void;
};
const calls: Call[] = [];
vi.mock('./api', () => ({
  uploadAttachment: (file: File, options: { resize: boolean; onProgress: UploadProgress }) =>
    new Promise<Attachment>((resolve, reject) => calls.push({ file, ...options, resolve, reject })),
  removeAttachment: () => Promise.resolve(),
}));

/** The composer's tray of files with the hook behind it, and a way to add files as the paperclip does. */
function Harness({ chosen }: { chosen: File[] }) {
  const files = useComposerAttachments();
  return (
    <>
      <button type="button" onClick={() => files.add(chosen)}>
        add
      </button>
      <span data-testid="ready">{String(files.ready)}</span>
      <ComposerAttachments files={files.files} onRetry={files.retry} onRemove={files.remove} />
    </>
  );
}

const kept = (file: File): Attachment =>
  ({ id: 'a1', name: file.name, size: file.size, kind: 'pdf' }) as unknown as Attachment;

/** Settles an upload and lets React render what follows. */
async function settle(outcome: () => void) {
  await act(async () => {
    outcome();
    await Promise.resolve();
  });
}

async function setup(chosen: File[]) {
  const user = userEvent.setup();
  renderWithProviders(<Harness chosen={chosen} />);
  await user.click(screen.getByRole('button', { name: 'add' }));
  return user;
}

/* The composer's files (docs/behaviour/attachments.md): progress, retry without choosing again, checks before upload. */
describe('the composer’s attachments', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('shows the upload’s progress, then the file kept', async () => {
    const pdf = new File([new Uint8Array(5_000)], 'consignes.pdf', { type: 'application/pdf' });
    await setup([pdf]);
    expect(calls).toHaveLength(1);
    act(() => calls[0]!.onProgress(0.4));
    const bar = screen.getByRole('progressbar', { name: 'Envoi de consignes.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    await settle(() => calls[0]!.resolve(kept(pdf)));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('ready').textContent).toBe('true');
  });

  it('retries a failed transfer with the same file, without choosing it again', async () => {
    const pdf = new File([new Uint8Array(5_000)], 'consignes.pdf', { type: 'application/pdf' });
    const user = await setup([pdf]);
    await settle(() => calls[0]!.reject(new ApiError(0, 'network')));
    expect(screen.getByRole('alert').textContent).toBe(
      'Impossible de joindre le serveur. Vérifiez votre connexion Internet.',
    );
    expect(screen.getByTestId('ready').textContent).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Réessayer consignes.pdf' }));
    expect(calls).toHaveLength(2);
    expect(calls[1]!.file).toBe(pdf);
    await settle(() => calls[1]!.resolve(kept(pdf)));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('ready').textContent).toBe('true');
  });

  it('says how long to wait after too many uploads, and lets the user try again', async () => {
    const pdf = new File([new Uint8Array(5_000)], 'a.pdf', { type: 'application/pdf' });
    await setup([pdf]);
    await settle(() => calls[0]!.reject(new ApiError(429, 'too-many-requests', undefined, undefined, 7)));
    expect(screen.getByRole('alert').textContent).toBe('Trop de requêtes. Réessayez dans 7 secondes.');
    expect(screen.getByRole('button', { name: 'Réessayer a.pdf' })).toBeTruthy();
  });

  it('refuses a picture over 200 KB before any upload, and shrinks it on the server when the user agrees', async () => {
    const photo = new File([new Uint8Array(300_000)], 'photo.jpg', { type: 'image/jpeg' });
    const user = await setup([photo]);
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toBe(
      "La taille de l'image ne doit pas dépasser 200 kilooctets.",
    );
    await user.click(screen.getByRole('button', { name: "Réduire pour l'envoyer" }));
    expect(calls.map((c) => [c.file, c.resize])).toEqual([[photo, true]]);
  });

  it('refuses a type no rule accepts before any upload, without a retry', async () => {
    const page = new File(['<html></html>'], 'page.html', { type: 'text/html' });
    await setup([page]);
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toBe('Fichier inattendu');
    expect(screen.queryByRole('button', { name: 'Réessayer page.html' })).toBeNull();
  });

  it('uploads an iPhone’s HEIC picture the browser gives no type, for the server to sniff and convert', async () => {
    const heic = new File([new Uint8Array(150_000)], 'IMG_0001.HEIC', { type: '' });
    const big = new File([new Uint8Array(300_000)], 'IMG_0002.heic', { type: '' });
    const unknown = new File([new Uint8Array(1_000)], 'note', { type: '' });
    await setup([heic, big, unknown]);
    // The HEIC under 200 KB goes up; the one over it is a picture over the limit (shrink offered);
    // a file of no known type goes up too: the server reads its content and decides.
    expect(calls.map((c) => c.file.name)).toEqual(['IMG_0001.HEIC', 'note']);
    expect(screen.getByRole('button', { name: "Réduire pour l'envoyer" })).toBeTruthy();
  });
});
