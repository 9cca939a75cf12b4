import { formatMessage } from '../errors';

/*
 * Uploads' plain values (limits, types, texts) and pure helpers (messages); image variant URLs and
 * responsive sources are in image-variants.ts. Neither uses zod, so the public pages can import them
 * without the schemas; src/shared/contracts/uploads.ts re-exports both.
 */

// ---------------------------------------------------------------------------------------------------
// Limits

/** 10 MB per file. */
export const UPLOAD_MAX_FILE_SIZE = 10 * 1024 * 1024;
export const UPLOAD_MAX_FILE_SIZE_MB = 10;
/** Files per request on /api/uploads/multiple (the project gallery holds 10). */
export const UPLOAD_MAX_FILES = 10;
/**
 * What one request may carry besides its files (form fields, part headers, boundaries): a body larger
 * than files x UPLOAD_MAX_FILE_SIZE + this is refused (413) before or while it arrives. Room enough
 * that a file a little over 10 MB is still refused by name (the per-file check comes first).
 */
export const UPLOAD_BODY_OVERHEAD = 2 * 1024 * 1024;
export const uploadBodyLimit = (maxFiles: number) => maxFiles * UPLOAD_MAX_FILE_SIZE + UPLOAD_BODY_OVERHEAD;
/** Default file cap of the upload component in multiple mode. */
export const UPLOAD_COMPONENT_DEFAULT_MAX_FILES = 5;
export const UPLOAD_MAX_NAME_LENGTH = 255;
/** Decoded image size caps: a small file can still decode to a huge bitmap. */
export const UPLOAD_MAX_IMAGE_SIDE = 12_000;
export const UPLOAD_MAX_IMAGE_PIXELS = 40_000_000;
/** Characters a file name may not contain. */
export const UPLOAD_FORBIDDEN_NAME_CHARACTERS = /[<>:"/\\|?*]/;

export const UPLOAD_PAGE_SIZE = 20;
export const UPLOAD_MAX_PAGE_SIZE = 100;
export const UPLOAD_MAX_BULK_IDS = 100;

export const imageMimeTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/**
 * Documents are accepted on /single and /multiple only; PDF is the one document type (Word files can
 * carry macros and are not needed by any screen). SVG is refused: it can carry scripts.
 */
export const documentMimeTypes = ['application/pdf'] as const;
export const uploadMimeTypes = [...imageMimeTypes, ...documentMimeTypes] as const;
export type ImageMimeType = (typeof imageMimeTypes)[number];
export type UploadMimeType = (typeof uploadMimeTypes)[number];

/** For <input type="file" accept>. */
export const IMAGE_ACCEPT = imageMimeTypes.join(',');
export const UPLOAD_ACCEPT = uploadMimeTypes.join(',');

export function isImageMimeType(mime: string): mime is ImageMimeType {
  return (imageMimeTypes as readonly string[]).includes(mime);
}

/** Categories are free labels (e.g. general, blog, portfolio); letters, digits, - and _. */
export const UPLOAD_DEFAULT_CATEGORY = 'general';

export const uploadSortFields = ['created_at', 'original_name', 'size', 'mime_type', 'category'] as const;
export type UploadSortField = (typeof uploadSortFields)[number];

// ---------------------------------------------------------------------------------------------------
// Messages

/** What the server says (each request's 4xx carries one of these). */
export const UploadMessage = {
  UPLOADED: 'File uploaded successfully!',
  UPLOADED_MANY: '{count} files uploaded successfully',
  UPDATED: 'File updated successfully',
  DELETED: 'File deleted successfully',
  DELETED_MANY: '{count} files deleted successfully',
  NOT_FOUND: 'File not found',
  NO_FILE: 'No file selected',
  NO_FILES: 'No files selected',
  NOT_MULTIPART: 'Send the file as multipart/form-data.',
  UNEXPECTED_FIELD: 'Unexpected file field "{field}". Send the file as "{expected}".',
  TOO_MANY_FILES: 'Maximum {max} files allowed per upload.',
  ONLY_ONE: 'Only one file allowed for single upload',
  EMPTY_FILE: 'The file {name} is empty.',
  TOO_LARGE: 'File(s) too large: {names}. Maximum size is 10MB per file.',
  BODY_TOO_LARGE: 'The upload is too large: at most {max} MB can be sent in one request.',
  CANCELLED: 'The upload was cancelled: the connection closed before it was complete.',
  INVALID_NAME:
    'Invalid file name(s): {names}. File names must be less than 255 characters and cannot contain special characters.',
  TYPE_NOT_ALLOWED: 'File type {type} is not allowed. Allowed types: {allowed}',
  TYPE_NOT_RECOGNISED: 'The content of {name} is not a supported file type. Allowed types: {allowed}',
  SVG_REFUSED: 'SVG files are not accepted because they can contain scripts. Please upload a PNG or WebP version.',
  IMAGE_TOO_LARGE:
    'Image {name} is {width}x{height} pixels; the maximum is {maxSide} pixels per side and {maxMp} megapixels.',
  IMAGE_UNREADABLE: 'Failed to process image {name}: the file is damaged or not a complete image.',
  INVALID_FIELD: 'Invalid value for {field}: {message}',
  NOTHING_DELETED: 'No matching files found',
  /** A delete refused because the file is still referred to; {places} lists where. */
  /** {placeNoun}: "place" or "places" for {count} (plural()). */
  IN_USE: 'This file is still used in {count} {placeNoun}: {places}. Remove it there first, or delete it anyway.',
  IN_USE_MANY: '{count} of the selected files are still used: {names}. Remove them there first, or delete anyway.',
  SWEPT: '{count} unused {files} deleted',
  DELETE_CONFIRM: 'Are you sure you want to delete this image? This action cannot be undone.',
} as const;

export const ALLOWED_IMAGE_TYPES_TEXT = 'JPEG, PNG, GIF, WebP';
export const ALLOWED_UPLOAD_TYPES_TEXT = 'JPEG, PNG, GIF, WebP, PDF';

/** What the browser shows for a failed upload, by status. */
export const UploadStatusMessage = {
  400: 'Invalid file or request. Please check your files and try again.',
  401: 'Authentication required. Please log in and try again.',
  403: 'Permission denied. You do not have access to upload files.',
  413: 'File too large. Please reduce file size and try again.',
  415: 'Unsupported file type. Please use supported image formats.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: 'Server error. Please try again later or contact support.',
  503: 'Service temporarily unavailable. Please try again later.',
  OTHER: 'Upload failed with status {status}. Please try again.',
  NETWORK: 'Network error. Please check your internet connection and try again.',
  FALLBACK: 'Upload failed',
} as const;

/** Hints appended to an upload error (the type hint names only what the server accepts: no SVG). */
export const UploadHint = {
  network: 'Check your internet connection and try again.',
  size: 'Try compressing your images or selecting smaller files.',
  type: 'Only JPEG, PNG, GIF and WebP files are supported.',
} as const;

/** Messages of the upload component's own checks. */
export const UploadComponentMessage = {
  NO_FILES: 'No files selected',
  TOO_MANY: 'Maximum {max} files allowed. You selected {count} files.',
  ONLY_ONE: UploadMessage.ONLY_ONE,
  INVALID_TYPE: 'Invalid file type(s): {names}. Only image files (JPEG, PNG, GIF, WebP) are allowed.',
  TOO_LARGE: UploadMessage.TOO_LARGE,
  INVALID_NAME: UploadMessage.INVALID_NAME,
  SVG_REFUSED: UploadMessage.SVG_REFUSED,
  SUCCESS: 'File uploaded successfully!',
  INVALID_URL: 'Please enter a valid image address (http(s):// or a path starting with /).',
} as const;

/**
 * The message for a failed upload: `status` 0 means no answer arrived. 400 and unlisted statuses show
 * the server's message when there is one; a hint is appended when the text is about network, size or type.
 */
export function uploadErrorMessage(status: number, serverMessage?: string | null): string {
  const known = UploadStatusMessage[status as keyof typeof UploadStatusMessage];
  let message: string;
  if (status === 0) message = UploadStatusMessage.NETWORK;
  else if (status === 400) message = serverMessage || UploadStatusMessage[400];
  else if (typeof known === 'string') message = known;
  else message = serverMessage || formatMessage(UploadStatusMessage.OTHER, { status });

  const lower = message.toLowerCase();
  const hint = lower.includes('network')
    ? UploadHint.network
    : lower.includes('size')
      ? UploadHint.size
      : lower.includes('type')
        ? UploadHint.type
        : undefined;
  return hint && !message.includes(hint) ? `${message} ${hint}` : message;
}

/** The problems a selection has before it is sent (same rules the server applies by name and size). */
export function checkSelectedFiles(
  files: readonly { name: string; size: number; type: string }[],
  options: { multiple?: boolean; maxFiles?: number } = {},
): string | null {
  const max = options.maxFiles ?? UPLOAD_COMPONENT_DEFAULT_MAX_FILES;
  if (files.length === 0) return UploadComponentMessage.NO_FILES;
  if (!options.multiple && files.length > 1) return UploadComponentMessage.ONLY_ONE;
  if (options.multiple && files.length > max)
    return formatMessage(UploadComponentMessage.TOO_MANY, { max, count: files.length });
  const svg = files.filter((f) => f.type === 'image/svg+xml' || /\.svg$/i.test(f.name));
  if (svg.length > 0) return UploadComponentMessage.SVG_REFUSED;
  const badType = files.filter((f) => !isImageMimeType(f.type));
  if (badType.length > 0) return formatMessage(UploadComponentMessage.INVALID_TYPE, { names: names(badType) });
  const tooLarge = files.filter((f) => f.size > UPLOAD_MAX_FILE_SIZE);
  if (tooLarge.length > 0) return formatMessage(UploadComponentMessage.TOO_LARGE, { names: names(tooLarge) });
  const badName = files.filter((f) => !isValidUploadName(f.name));
  if (badName.length > 0) return formatMessage(UploadComponentMessage.INVALID_NAME, { names: names(badName) });
  return null;
}

function names(files: readonly { name: string }[]): string {
  return files.map((f) => f.name).join(', ');
}

export function isValidUploadName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length < UPLOAD_MAX_NAME_LENGTH + 1 &&
    !UPLOAD_FORBIDDEN_NAME_CHARACTERS.test(name) &&
    // Control characters (including NUL) are never part of a real file name.
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f]/.test(name)
  );
}

/** 1536 → '1.5 KB' (units Bytes, KB, MB, GB). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'] as const;
  const power = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** power;
  return `${power === 0 ? value : Number(value.toFixed(2))} ${units[power]}`;
}

/** A file's size in MB with two decimals, as the upload component lists selected files. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
