import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Certificate } from '../../../shared/contracts/certificates';
import { ErrorCode } from '../../../shared/errors';
import { APP_ROOT } from '../../app-root';
import { AppError } from '../../lib/errors';
import type { CertificateIssuer } from './certificate-pdf';
import type { PdfAnswer, PdfJob } from './certificate-pdf-worker';

/*
 * Certificate PDFs are rendered in worker threads (ADR 0034): a render takes a CPU for a while, and on the
 * event loop ten at once held every other request for over a second. At most `workers` render at a time and
 * at most `maxWaiting` more wait, each for at most `maxWaitMs`; beyond that the answer is 503 with
 * Retry-After. Workers start at the first render and stop after `idleMs` without one, so a site that prints
 * no certificates keeps no thread.
 */

/** How the worker is started: the bundle's entry point in production, the TypeScript source under tsx/Vitest. */
export interface WorkerEntry {
  /** A file, or a `data:` module that loads one. */
  file: string;
}

export const PDF_WORKER_BUNDLE = 'certificate-pdf-worker.js';

/**
 * The worker's file: this module runs from source (a .ts file, under tsx or Vitest) or from the bundle
 * (dist/, found from APP_ROOT whatever the working directory), and the worker runs the same way.
 */
export function pdfWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  if (moduleUrl.endsWith('.ts')) {
    // A worker does not inherit the loader that reads TypeScript here (Vitest's, or tsx's hooks): it loads its
    // source through tsx's API itself.
    const source = JSON.stringify(new URL('./certificate-pdf-worker.ts', moduleUrl).href);
    const tsx = JSON.stringify(
      pathToFileURL(createRequire(moduleUrl).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs'),
    );
    const script = `const { tsImport } = await import(${tsx}); await tsImport(${source}, ${source});`;
    return { file: `data:text/javascript,${encodeURIComponent(script)}` };
  }
  return { file: path.join(APP_ROOT, 'dist', PDF_WORKER_BUNDLE) };
}

export const PDF_BUSY_MESSAGE = 'Too many certificates are being printed right now. Please try again in a few seconds.';
/** Renders that may wait for a worker: a staff member printing a batch of ten or so is served. */
export const PDF_MAX_WAITING = 16;
/** Seconds a client is told to wait when every worker is busy and the queue is full. */
export const PDF_RETRY_AFTER_SECONDS = 5;

export interface PdfPoolOptions {
  /** Renders at a time: one CPU is left to the server (two cores: one worker). */
  workers?: number;
  maxWaiting?: number;
  maxWaitMs?: number;
  idleMs?: number;
  entry?: WorkerEntry;
}

interface Pending {
  job: Omit<PdfJob, 'id'>;
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  pending?: Pending;
  idleTimer?: NodeJS.Timeout;
}

const busy = () =>
  new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, PDF_BUSY_MESSAGE, undefined, {
    'retry-after': String(PDF_RETRY_AFTER_SECONDS),
  });

export class PdfRenderPool {
  readonly workers: number;
  private readonly maxWaiting: number;
  private readonly maxWaitMs: number;
  private readonly idleMs: number;
  private readonly entry: WorkerEntry;
  private readonly slots = new Set<Slot>();
  private readonly waiting: Pending[] = [];
  private nextId = 0;
  private closed = false;

  constructor(options: PdfPoolOptions = {}) {
    this.workers = options.workers ?? Math.max(1, Math.min(4, availableParallelism() - 1));
    this.maxWaiting = options.maxWaiting ?? PDF_MAX_WAITING;
    this.maxWaitMs = options.maxWaitMs ?? 15_000;
    this.idleMs = options.idleMs ?? 30_000;
    this.entry = options.entry ?? pdfWorkerEntry();
  }

  /** Renders in a worker; 503 (AppError, Retry-After) when the workers are busy and the queue is full. */
  render(certificate: Certificate, issuer: CertificateIssuer): Promise<Buffer> {
    if (this.closed) return Promise.reject(busy());
    if (this.waiting.length >= this.maxWaiting && this.running() >= this.workers) return Promise.reject(busy());
    return new Promise<Buffer>((resolve, reject) => {
      const pending: Pending = { job: { certificate, issuer }, resolve, reject };
      pending.timer = setTimeout(() => {
        const index = this.waiting.indexOf(pending);
        if (index < 0) return;
        this.waiting.splice(index, 1);
        reject(busy());
      }, this.maxWaitMs);
      pending.timer.unref();
      this.waiting.push(pending);
      this.pump();
    });
  }

  /** Renders running now and waiting (for tests and the log). */
  load(): { running: number; waiting: number; threads: number } {
    return { running: this.running(), waiting: this.waiting.length, threads: this.slots.size };
  }

  /** Refuses what waits and stops every worker (a render in progress is refused too). */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0)) this.fail(pending, busy());
    await Promise.all([...this.slots].map((slot) => slot.worker.terminate()));
  }

  private running(): number {
    let count = 0;
    for (const slot of this.slots) if (slot.pending) count += 1;
    return count;
  }

  private pump(): void {
    while (this.waiting.length > 0 && !this.closed) {
      const slot = [...this.slots].find((candidate) => !candidate.pending) ?? this.spawn();
      if (!slot) return;
      const pending = this.waiting.shift()!;
      clearTimeout(pending.timer);
      clearTimeout(slot.idleTimer);
      slot.pending = pending;
      this.nextId += 1;
      slot.worker.postMessage({ id: this.nextId, ...pending.job } satisfies PdfJob);
    }
  }

  private spawn(): Slot | undefined {
    if (this.slots.size >= this.workers) return undefined;
    const worker = new Worker(this.entry.file.startsWith('data:') ? new URL(this.entry.file) : this.entry.file);
    // The server's exit never waits for an idle worker.
    worker.unref();
    const slot: Slot = { worker };
    this.slots.add(slot);
    worker.on('message', (answer: PdfAnswer) => {
      const pending = slot.pending;
      slot.pending = undefined;
      if (pending) {
        if ('error' in answer) pending.reject(new Error(`certificate PDF failed: ${answer.error}`));
        else pending.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
      }
      this.idle(slot);
      this.pump();
    });
    const lost = (error: Error) => {
      if (!this.slots.delete(slot)) return;
      clearTimeout(slot.idleTimer);
      if (slot.pending) this.fail(slot.pending, error);
      slot.pending = undefined;
      this.pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the certificate PDF worker stopped (exit code ${code})`)));
    return slot;
  }

  private idle(slot: Slot): void {
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (slot.pending || !this.slots.delete(slot)) return;
      void slot.worker.terminate();
    }, this.idleMs);
    slot.idleTimer.unref();
  }

  private fail(pending: Pending, error: Error): void {
    clearTimeout(pending.timer);
    pending.reject(error);
  }
}
