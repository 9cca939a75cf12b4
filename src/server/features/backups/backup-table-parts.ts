import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/*
 * A backup's rows, dumped to local scratch files before the archive is written (ADR 0037): the archive's
 * index announces every entry with its exact size, so the table parts must exist, and be measured, first.
 * One part is written at a time, line by line: memory never holds a table, nor even a whole part.
 */

/** A part is closed once it holds this many bytes (so it is at most one row longer). */
export const PART_BYTES = 4 * 1024 * 1024;

export interface TableSource {
  name: string;
  /** The table's rows in a stable order, read in pages. */
  rows: () => AsyncIterable<Record<string, unknown>>;
}

export interface DumpedPart {
  /** Its name in the archive: db/<table>/<000001>.jsonl. */
  path: string;
  /** The scratch file that holds it. */
  file: string;
  size: number;
}

export interface DumpedTable {
  name: string;
  rows: number;
  parts: DumpedPart[];
}

/** Resolves at the first of these events (a write stream that fails emits 'close' after 'error'). */
function first(stream: WriteStream, events: string[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const event of events) stream.off(event, done);
      resolve();
    };
    for (const event of events) stream.once(event, done);
  });
}

/**
 * Writes every table's rows as JSON lines into parts of about PART_BYTES under `folder`. A failed write of
 * the scratch folder comes out as `writeFailed(cause)`; a failure to read the rows as it is.
 */
export async function dumpTables(
  tables: TableSource[],
  folder: string,
  writeFailed: (cause: Error) => Error,
): Promise<DumpedTable[]> {
  const dumped: DumpedTable[] = [];
  for (const table of tables) {
    const parts: DumpedPart[] = [];
    let rows = 0;
    let out: WriteStream | null = null;
    let current: DumpedPart | null = null;
    // A write stream reports a failed write as an event: kept here and thrown at the next await.
    let failure: Error | null = null;
    const check = () => {
      if (failure) throw writeFailed(failure);
    };
    const close = async () => {
      if (!out) return;
      const closing = out;
      out = null;
      closing.end();
      if (!closing.closed) await first(closing, ['close']);
      check();
    };
    try {
      for await (const row of table.rows()) {
        if (!out) {
          const part = String(parts.length + 1).padStart(6, '0');
          const file = path.join(folder, table.name, `${part}.jsonl`);
          await mkdir(path.dirname(file), { recursive: true, mode: 0o700 }).catch((error: Error) => {
            throw writeFailed(error);
          });
          current = { path: `db/${table.name}/${part}.jsonl`, file, size: 0 };
          parts.push(current);
          out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
          out.on('error', (error) => void (failure ??= error));
        }
        const line = Buffer.from(`${JSON.stringify(row)}\n`);
        rows += 1;
        (current as DumpedPart).size += line.length;
        if (!out.write(line)) await first(out, ['drain', 'close']);
        check();
        if ((current as DumpedPart).size >= PART_BYTES) await close();
      }
      await close();
    } finally {
      // Reading the rows failed, or a write did: the stream is closed; the caller removes the folder.
      (out as WriteStream | null)?.destroy();
    }
    dumped.push({ name: table.name, rows, parts });
  }
  return dumped;
}
