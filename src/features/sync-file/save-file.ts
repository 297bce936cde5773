/**
 * Saves text as a file under an exact name: a Blob, an <a download> made for
 * the click and removed after it, the object URL revoked once the browser has
 * taken the file (docs/partner-api.md#syncfile_get: the name must not change).
 */
export function saveFile(filename: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
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
