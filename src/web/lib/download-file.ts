/**
 * Saves text the page already holds as a file: a Blob behind a temporary object URL, so whatever
 * authorised the download (the bearer token) never appears in an address.
 */
export function downloadTextFile(text: string, filename: string, type: string): void {
  downloadBlob(new Blob([text], { type }), filename);
}

/** Saves a Blob the page fetched (a PDF) as a file, the same way. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The click has handed the Blob to the download; revoke on the next turn so it is not cut short.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
