import { Alert, Button, FileButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { NETWORK_IMPORT_MAX_BYTES, type NetworkImportBody, type NetworkImportPreview } from '@openrescue/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toApiError } from '../../../lib/api-errors';
import { getProductName } from '../../../lib/product-name';
import { previewNetworkImport, startNetworkImport, useNetworkImportJob } from '../api/import-network-csv';
import { downloadRejections, fileToBase64 } from '../lib/import-file';
import { type ImportMappings, ImportMappingsForm } from './import-mappings';
import { ImportPreviewTables } from './import-preview-tables';

const NO_MAPPINGS: ImportMappings = { headers: {}, types: {} };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Staff import of a CRM account export (decision 0054): choose a file, see what importing it would do (nothing is
 * written yet), map unknown types and columns, then import it as a job and follow its progress.
 */
export function ImportCsvDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; base64: string } | null>(null);
  const [mappings, setMappings] = useState<ImportMappings>(NO_MAPPINGS);
  const [preview, setPreview] = useState<NetworkImportPreview | null>(null);
  const [error, setError] = useState<{ message: string; detail?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  // Emptied after each choice, so that choosing the same file again (after an import) reads it again.
  const resetInput = useRef<() => void>(null);
  const job = useNetworkImportJob(jobId);
  const finished = job.data?.job.status === 'succeeded' || job.data?.job.status === 'failed';

  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: ['network'] });
  }, [finished, queryClient]);

  const body = (f: { name: string; base64: string }, m: ImportMappings): NetworkImportBody => ({
    file_name: f.name,
    content_base64: f.base64,
    headers: m.headers,
    types: m.types,
  });

  async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    try {
      return await work();
    } catch (e) {
      const apiError = toApiError(e, getProductName());
      setError({ message: apiError.message, detail: apiError.detail });
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function choose(picked: File | null) {
    if (!picked) return;
    resetInput.current?.();
    // The mappings stay: a new export of the same CRM needs the same ones.
    setJobId(null);
    setPreview(null);
    setError(null);
    if (picked.size > NETWORK_IMPORT_MAX_BYTES) {
      setError({ message: `${picked.name} is larger than 5 MB: import it with npm run import:network.` });
      return;
    }
    const chosen = { name: picked.name, base64: await fileToBase64(picked) };
    setFile(chosen);
    setPreview((await run(() => previewNetworkImport(body(chosen, mappings)))) ?? null);
  }

  async function remap(next: ImportMappings) {
    setMappings(next);
    if (file) setPreview((await run(() => previewNetworkImport(body(file, next)))) ?? preview);
  }

  async function start() {
    if (!file) return;
    const started = await run(() => startNetworkImport(body(file, mappings)));
    if (started) setJobId(started.job.id);
  }

  function reset() {
    setFile(null);
    setPreview(null);
    setMappings(NO_MAPPINGS);
    setJobId(null);
    setError(null);
  }

  const close = () => {
    if (!jobId || finished) reset();
    onClose();
  };
  const result = job.data?.result;
  const counts = preview?.counts;

  return (
    <Modal opened={opened} onClose={close} title="Import organizations from a CSV file" size="xl">
      <Stack gap="sm">
        <Text size="sm">
          A CRM account export (Salesforce API names or report labels; UTF-8, UTF-16 or Windows-1252). Nothing is
          written until you press Import.
        </Text>
        <Group>
          <FileButton
            resetRef={resetInput}
            onChange={(f) => void choose(f)}
            accept=".csv,text/csv"
            disabled={busy || (!!jobId && !finished)}
          >
            {(props) => (
              <Button variant="default" {...props}>
                {file ? 'Choose another file' : 'Choose a CSV file'}
              </Button>
            )}
          </FileButton>
          {file && <Text size="sm">{file.name}</Text>}
        </Group>
        {error && (
          <Alert color="red" title={error.message} role="alert">
            {error.detail}
          </Alert>
        )}
        {preview && counts && !jobId && (
          <>
            <Alert color={preview.rejected_count ? 'yellow' : 'green'} title="Preview" role="status">
              {plural(preview.rows, 'row')} read ({preview.encoding}): {counts.add} to add, {counts.update} to update,{' '}
              {counts.unchanged} unchanged, {preview.rejected_count} rejected.
              {preview.footer.length > 0 && ` Report footer skipped: ${preview.footer.join(' | ')}.`}
            </Alert>
            <ImportMappingsForm preview={preview} mappings={mappings} onChange={(m) => void remap(m)} />
            <ImportPreviewTables preview={preview} />
            <Group justify="flex-end">
              {preview.rejected_count > 0 && (
                <Button variant="default" onClick={() => downloadRejections(preview.file, preview.rejected)}>
                  Download rejected rows (CSV)
                </Button>
              )}
              <Button onClick={() => void start()} loading={busy} disabled={preview.accepted_count === 0}>
                Import {plural(preview.accepted_count, 'row')}
              </Button>
            </Group>
          </>
        )}
        {jobId && (
          <Stack gap="xs" aria-label="Import progress">
            <Text size="sm">
              {jobId}: {job.data ? `${job.data.job.processed} of ${job.data.job.total} rows` : 'starting'}
            </Text>
            <Progress
              value={job.data?.job.total ? (100 * job.data.job.processed) / job.data.job.total : 0}
              aria-label="Rows imported"
            />
            {finished && job.data?.job.status === 'failed' && (
              <Alert color="red" title="The import failed" role="alert">
                {job.data.job.error}
              </Alert>
            )}
            {finished && result && (
              <Alert color="green" title="Imported" role="status">
                {result.created} added, {result.updated} updated, {result.unchanged} unchanged, {result.rejected}{' '}
                rejected.
              </Alert>
            )}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
