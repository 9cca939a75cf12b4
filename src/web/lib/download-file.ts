/**
 * Saves text the page already holds as a file: a Blob behind a temporary object URL, so whatever
 * authorised the download (the bearer token) never appears in an address.
 */
export function downloadTextFile(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
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
