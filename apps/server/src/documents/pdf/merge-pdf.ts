import { PDFDocument } from 'pdf-lib';

/**
 * One PDF of several, their pages in order (a large company report is rendered in parts on the render threads,
 * decision 0068). The merged file's metadata is given, not taken from the clock: the same parts give the same bytes.
 */
export async function mergePdfs(
  parts: readonly Uint8Array[],
  meta: { title: string; producer: string; date: Date },
): Promise<Uint8Array> {
  const out = await PDFDocument.create({ updateMetadata: false });
  for (const bytes of parts) {
    const part = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = await out.copyPages(part, part.getPageIndices());
    for (const page of pages) out.addPage(page);
  }
  out.setTitle(meta.title);
  out.setAuthor(meta.producer);
  out.setCreator(meta.producer);
  out.setProducer(meta.producer);
  out.setCreationDate(meta.date);
  out.setModificationDate(meta.date);
  return out.save({ useObjectStreams: true });
}
