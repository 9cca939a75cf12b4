/** Plain-text tables and number formats for the bench reports. */
export function table(rows: string[][], rightAligned: (column: number) => boolean): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        rightAligned(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const [head, ...body] = rows;
  return [line(head ?? []), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

export const fixed = (value: number, digits: number) => value.toFixed(digits);
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
