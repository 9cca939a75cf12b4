/**
 * Saves text the page already holds as a file: a Blob behind a temporary object URL, so whatever
 * authorised the download (the bearer token) never appears in an address.
 */
export function downloadTextFile(text: string, filename: string, type: string): void {
  downloadBlob(new Blob([text], { type }), filename);
}

function clickDownload(href: string, filename: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}

/** Saves a Blob the page fetched (a PDF) as a file, the same way. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  clickDownload(url, filename);
  // The click has handed the Blob to the download; revoke on the next turn so it is not cut short.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Lets the browser fetch a large file itself and write it straight to disk (a backup of several GB never
 * passes through the page's memory). `href` is a short-lived signed link the server issued for it.
 */
export function downloadFromLink(href: string, filename: string): void {
  clickDownload(href, filename);
}
