import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Database } from '../../db/client.ts';
import { files } from '../../db/schema/toolbox.ts';
import { DomainError } from '../domainError.ts';
import { urlFilename } from './fileNames.ts';
import { detectUploadType, EXTENSION_BY_TYPE } from './uploadTypes.ts';

/** spec §5, §9: "Max 5MB (about 5,000,001 bytes)": 5,000,000 bytes pass, one more does not. */
export const UPLOAD_LIMIT_BYTES = 5_000_000;

/** spec §5 Upload: the message for pictures and audio alike. */
export const UPLOAD_TOO_LARGE_MESSAGE = 'The image size limit is 5MB.';

export const UNSUPPORTED_UPLOAD_MESSAGE =
  'This file type is not accepted: upload a picture (PNG, JPEG, GIF, WebP, AVIF or BMP) or audio (MP3, WAV, AIFF, μ-law or GSM).';

/** Storage keys of uploads; the random part is also the file's public id in its URL. */
const KEY_PREFIX = 'uploads/';

export interface UploadedFileView {
  filename: string;
  url: string;
}

type FileRow = typeof files.$inferSelect;

/**
 * Stores an upload of the caller after checking its size and its type from the content
 * (spec §5 Upload): `payload_too_large` above 5,000,000 bytes, `unsupported_file_type` for
 * anything but the accepted pictures and audio, whatever the name or declared type says.
 */
export async function storeUpload(db: Database, storage: Storage, userId: number, upload: { filename: string; bytes: Uint8Array }): Promise<void> {
  if (upload.bytes.length > UPLOAD_LIMIT_BYTES) throw new DomainError('payload_too_large', UPLOAD_TOO_LARGE_MESSAGE);
  const contentType = await detectUploadType(upload.bytes);
  if (!contentType) throw new DomainError('unsupported_file_type', UNSUPPORTED_UPLOAD_MESSAGE);
  // 128 random bits: the URL is public (visitors' browsers load it) and must not be guessable.
  const storageKey = `${KEY_PREFIX}${randomBytes(16).toString('base64url')}`;
  await storage.put(storageKey, upload.bytes);
  try {
    await db.insert(files).values({ userId, filename: upload.filename, storageKey, contentType, size: upload.bytes.length });
  } catch (error) {
    await storage.delete(storageKey);
    throw error;
  }
}

/**
 * The caller's files, newest first: the SPA looks its upload up by filename in this list
 * (spec §7), so after uploading a second "logo.png" the first match is the new one.
 */
export async function listFiles(db: Database, userId: number, publicUrl: string): Promise<UploadedFileView[]> {
  const rows = await db.select().from(files).where(eq(files.userId, userId)).orderBy(desc(files.id));
  return rows.map((row) => ({ filename: row.filename, url: publicFileUrl(publicUrl, row) }));
}

/** Where a file is served: `<PUBLIC_URL>/files/<public id>/<safe name>`, stable for the file's life. */
export function publicFileUrl(publicUrl: string, row: Pick<FileRow, 'storageKey' | 'filename' | 'contentType'>): string {
  const publicId = row.storageKey.slice(KEY_PREFIX.length);
  return `${publicUrl}/files/${publicId}/${urlFilename(row.filename, EXTENSION_BY_TYPE[row.contentType] ?? 'bin')}`;
}

/** The file with this public id (any account's: the URL is the capability), or null. */
export async function findPublicFile(db: Database, publicId: string): Promise<FileRow | null> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(publicId)) return null;
  const [row] = await db.select().from(files).where(eq(files.storageKey, `${KEY_PREFIX}${publicId}`));
  return row ?? null;
}
