import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './content-disposition';

describe('fileNameFromDisposition', () => {
  it('reads quoted, bare and extended names', () => {
    expect(fileNameFromDisposition('attachment; filename="Food_Bank_Acme_Store_2_2026-10-31.xlsx"')).toBe(
      'Food_Bank_Acme_Store_2_2026-10-31.xlsx',
    );
    expect(fileNameFromDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(
      fileNameFromDisposition(`attachment; filename="fallback.pdf"; filename*=UTF-8''Caf%C3%A9_2026-10-31.pdf`),
    ).toBe('Café_2026-10-31.pdf');
  });

  it('drops path separators and leading dots, and answers null without a name', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('_.._etc_passwd');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
