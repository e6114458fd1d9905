/**
 * The file name a Content-Disposition header gives (RFC 6266): `filename*=UTF-8''…` first, then `filename="…"` or
 * a bare token. Path separators and control characters are dropped so the name cannot point anywhere else.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
    const bare = /filename\s*=\s*([^";\s]+)/i.exec(header);
    name = quoted ? quoted[1].replace(/\\(.)/g, '$1') : bare ? bare[1] : null;
  }
  if (!name) return null;
  const safe = name
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f/\\]/g, '_')
    .replace(/^\.+/, '')
    .trim();
  return safe || null;
}
