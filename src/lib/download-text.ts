/**
 * Starts a download of `text` under exactly `fileName`: a Blob, an <a download>
 * made for the click and removed after it, the object URL revoked once the
 * browser has taken the file. The CSV exports and the sync file (whose name
 * must not change, docs/partner-api.md#syncfile_get) all save this way.
 */
/** The CSV exports' type: UTF-8 (their byte-order mark says so to spreadsheet programs too). */
export const CSV_TYPE = 'text/csv;charset=utf-8';

export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The download has started from the click; the next task may let the Blob go.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
