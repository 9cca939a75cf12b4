import { BACKUP_FORMAT_VERSION } from '../../../shared/contracts/backups';
import {
  BACKUP_FORMAT,
  BackupFormatError,
  ENTRY_MAX_BYTES,
  entryKind,
  indexSchema,
  type BackupIndex,
  type BackupManifest,
} from './backup-archive';

/*
 * A format 2 archive's index as the reader holds it (ADR 0037). The index is the archive's first entry and
 * announces every entry up to the manifest, in order, with its exact size. Each later tar header must be the
 * next announced entry with that size, or the archive is refused at that header, before one byte of its body
 * is inflated: an entry nobody announced costs nothing to refuse, however well it compresses.
 */

const SHOWN_MAX = 120;
/** An entry's name as a refusal shows it: a hostile archive's names can be long. */
export function shown(name: string): string {
  return name.length > SHOWN_MAX ? `${name.slice(0, SHOWN_MAX)}…` : name;
}

export class ArchiveIndex {
  private readonly position = new Map<string, number>();
  private next = 0;

  private constructor(
    private readonly entries: BackupIndex['entries'],
    /** What the announced entries expand to together. */
    readonly total: number,
  ) {
    entries.forEach((entry, at) => this.position.set(entry.path, at));
  }

  /**
   * The index's text, checked: ours, format 2, every announced name one a backup can hold, no name twice,
   * no entry above the per-entry bound. The caller checks `total` against the room there is.
   */
  static parse(text: string): ArchiveIndex {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new BackupFormatError('the index is not valid JSON');
    }
    const head = raw as { format?: unknown; formatVersion?: unknown } | null;
    if (!head || head.format !== BACKUP_FORMAT) throw new BackupFormatError('not a backup of this website software');
    if (head.formatVersion !== BACKUP_FORMAT_VERSION) {
      throw new BackupFormatError(`unknown backup format version ${shown(String(head.formatVersion))}`);
    }
    const parsed = indexSchema.safeParse(raw);
    if (!parsed.success) throw new BackupFormatError('the index is incomplete');
    const names = new Set<string>();
    let total = 0;
    for (const { path, size } of parsed.data.entries) {
      if (!entryKind(path)) throw new BackupFormatError(`the index announces an unexpected entry ${shown(path)}`);
      if (names.has(path)) throw new BackupFormatError(`the index announces ${shown(path)} twice`);
      if (size > ENTRY_MAX_BYTES) {
        throw new BackupFormatError(`${shown(path)} expands to ${size} bytes, more than ${ENTRY_MAX_BYTES}`);
      }
      names.add(path);
      total += size;
    }
    return new ArchiveIndex(parsed.data.entries, total);
  }

  /** A tar header between the index and the manifest: the next announced entry, of its announced size. */
  admit(name: string, size: number): void {
    const at = this.position.get(name);
    if (at === undefined) throw new BackupFormatError(`${shown(name)} is not announced by the archive's index`);
    if (at < this.next) throw new BackupFormatError(`${shown(name)} appears twice`);
    const expected = this.entries[this.next] as BackupIndex['entries'][number];
    if (at > this.next) {
      throw new BackupFormatError(`${shown(name)} comes before ${shown(expected.path)}, out of the index's order`);
    }
    if (size !== expected.size) {
      throw new BackupFormatError(`${shown(name)} is ${size} bytes long, the index announces ${expected.size}`);
    }
    this.next += 1;
  }

  /** The manifest's header: every announced entry came before it. */
  admitManifest(): void {
    const missing = this.entries[this.next];
    if (missing) throw new BackupFormatError(`${shown(missing.path)} is missing (the manifest comes before it)`);
  }

  /** The manifest lists exactly the entries the index announced, with the same sizes. */
  matches(manifest: BackupManifest): void {
    const listed = new Map<string, number>();
    for (const entry of [...manifest.tables.flatMap((t) => t.parts), ...manifest.files]) {
      if (listed.has(entry.path)) throw new BackupFormatError(`the manifest lists ${shown(entry.path)} twice`);
      listed.set(entry.path, entry.size);
    }
    const differ = (path: string) =>
      new BackupFormatError(`the index and the manifest do not list the same entries (${shown(path)})`);
    for (const entry of this.entries) {
      if (listed.get(entry.path) !== entry.size) throw differ(entry.path);
      listed.delete(entry.path);
    }
    const [extra] = listed.keys();
    if (extra !== undefined) throw differ(extra);
  }
}
