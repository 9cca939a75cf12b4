const units = ['Bytes', 'KB', 'MB', 'GB'] as const;
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A size in the spec's units (Bytes, KB, MB, GB; 1 KB = 1024 bytes), e.g. "2.4 MB". */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${oneDecimal.format(value)} ${units[unit]}`;
}
