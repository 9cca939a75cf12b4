import PQueue from 'p-queue';
import { ErrorCode, ErrorMessage } from '../../shared/errors';
import { AppError } from '../lib/errors';

/*
 * Decoding an image takes memory in proportion to its pixels (a 40-megapixel upload is over 100 MB
 * once decoded), so images are decoded a few at a time, whatever the number of parallel uploads. An
 * upload request takes a place in the queue for all its images; a full queue answers 503 with
 * Retry-After rather than letting requests pile up. Waiting requests hold only their files on disk.
 */

export interface ImageQueueOptions {
  /** Images decoded at once. libvips already spreads one image over every core. */
  concurrency: number;
  /** Requests that may hold a place (decoding or waiting); one more is refused. */
  capacity: number;
  /** What the 503 tells the client to wait, in seconds. */
  retryAfterSeconds: number;
}

export const DEFAULT_IMAGE_QUEUE: ImageQueueOptions = { concurrency: 1, capacity: 16, retryAfterSeconds: 10 };

/** One request's place in the queue: its images are decoded through it, then it is left. */
export interface ImagePlace {
  /** Runs `work` when the decoder is free; rejects at once (and leaves the line) when `signal` aborts. */
  decode<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  leave(): void;
}

export class ImageQueue {
  private readonly queue: PQueue;
  private holders = 0;

  constructor(private readonly options: ImageQueueOptions = DEFAULT_IMAGE_QUEUE) {
    this.queue = new PQueue({ concurrency: options.concurrency });
  }

  /** Requests holding a place. */
  get places(): number {
    return this.holders;
  }

  /** Images waiting for the decoder. */
  get waiting(): number {
    return this.queue.size;
  }

  get full(): boolean {
    return this.holders >= this.options.capacity;
  }

  /** The 503 a request gets when there is no place for it. */
  busyError(): AppError {
    return new AppError(503, ErrorCode.SERVER_BUSY, ErrorMessage.SERVER_BUSY, undefined, {
      'retry-after': String(this.options.retryAfterSeconds),
    });
  }

  /** A place for one request, or the busy error when the queue is full. */
  enter(): ImagePlace {
    if (this.full) throw this.busyError();
    this.holders += 1;
    let left = false;
    return {
      decode: (work, signal) => this.queue.add(work, { signal }),
      leave: () => {
        if (left) return;
        left = true;
        this.holders -= 1;
      },
    };
  }
}
