import { type GeneratedFileRow, pathTo, publishingPaths } from '@openrescue/shared';
import { useCallback, useSyncExternalStore } from 'react';
import { ApiRequestError, normaliseError } from '../../../lib/api-errors';
import { getProductName } from '../../../lib/product-name';
import { saveFile } from '../../../lib/save-file';
import { getSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { fileNameFromDisposition } from '../lib/content-disposition';
import { apiUrl } from '../../../config/env';
import { showTitledApiError } from '../../../lib/show-api-error';

/** Bytes received so far and the total from Content-Length (null when the server did not say). */
export interface DownloadProgress {
  loaded: number;
  total: number | null;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

const isAbort = (e: unknown) => typeof e === 'object' && e !== null && (e as { name?: string }).name === 'AbortError';

/**
 * The stored access token while it is still valid; otherwise none, and the httpOnly session cookie (sent with
 * credentials 'same-origin') signs the request in, as it does for the zip link.
 */
function authorization(): Record<string, string> {
  const session = getSession();
  return session && session.expiresAt > Date.now() ? { Authorization: `Bearer ${session.token}` } : {};
}

async function errorOf(res: Response): Promise<ApiRequestError> {
  let body: unknown;
  try {
    const text = await res.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return new ApiRequestError(normaliseError({ kind: 'response', status: res.status, body }, getProductName()));
}

async function request(url: string, withToken: boolean, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(url, { headers: withToken ? authorization() : {}, credentials: 'same-origin', signal });
  } catch (error) {
    if (isAbort(error)) throw error;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    throw new ApiRequestError(
      normaliseError(offline ? { kind: 'offline' } : { kind: 'no-response', cause: error }, getProductName()),
    );
  }
}

/**
 * GET {ops}/files/generated/{id}: reads the body as it streams in, reporting bytes against Content-Length, and
 * names the file as the server does (Content-Disposition: receiver, company and store names, entry date, extension).
 */
export async function downloadGeneratedFile(
  row: Pick<GeneratedFileRow, 'id' | 'file_type'>,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const url = apiUrl(pathTo(publishingPaths.generatedFile, { id: row.id }));
  let res = await request(url, true, signal);
  // A token that expired on the way: the session cookie alone still signs the request in.
  if (res.status === 401) res = await request(url, false, signal);
  if (!res.ok) throw await errorOf(res);

  const length = Number(res.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = res.headers.get('Content-Type') ?? '';
  const fileName =
    fileNameFromDisposition(res.headers.get('Content-Disposition')) ?? `generated-file-${row.id}.${row.file_type}`;
  onProgress({ loaded: 0, total });

  if (!res.body) {
    const blob = await res.blob();
    onProgress({ loaded: blob.size, total });
    return { blob, fileName };
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress({ loaded, total });
  }
  return { blob: new Blob(chunks as BlobPart[], { type }), fileName };
}

// ---- progress per file, kept outside the rows: a virtualised row that scrolls away and back (or the details
// drawer) shows the same download ----

const downloads = new Map<number, DownloadProgress>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Downloads one file (once at a time per file) and saves it; errors go to the shared error dialog. */
export async function startDownload(row: Pick<GeneratedFileRow, 'id' | 'file_type'>): Promise<void> {
  if (downloads.has(row.id)) return;
  downloads.set(row.id, { loaded: 0, total: null });
  emit();
  try {
    const file = await downloadGeneratedFile(row, (progress) => {
      downloads.set(row.id, progress);
      emit();
    });
    saveFile(file.blob, file.fileName);
    notify({ title: 'Downloaded', message: file.fileName, type: 'success' });
  } catch (error) {
    showTitledApiError('Download failed', error);
  } finally {
    downloads.delete(row.id);
    emit();
  }
}

/** The download of one file: its progress while it runs (null otherwise) and how to start it. */
export function useFileDownload(row: Pick<GeneratedFileRow, 'id' | 'file_type'>) {
  const progress = useSyncExternalStore(
    subscribe,
    () => downloads.get(row.id) ?? null,
    () => null,
  );
  const start = useCallback(() => void startDownload(row), [row]);
  return { progress, start };
}

/** Whole percent of a download, or null while the total is unknown. */
export function downloadPercent(progress: DownloadProgress): number | null {
  if (!progress.total) return null;
  return Math.min(100, Math.round((progress.loaded / progress.total) * 100));
}
