import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql, sum } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { files, widgets } from '../../db/schema/toolbox.ts';
import { DomainError, notFoundRow } from '../domainError.ts';
import { urlFilename } from './fileNames.ts';
import { detectUploadType, EXTENSION_BY_TYPE } from './uploadTypes.ts';

/** spec §5, §9: "Max 5MB (about 5,000,001 bytes)": 5,000,000 bytes pass, one more does not. */
export const UPLOAD_LIMIT_BYTES = 5_000_000;

/** spec §5 Upload: the message for pictures and audio alike. */
export const UPLOAD_TOO_LARGE_MESSAGE = 'The image size limit is 5MB.';

export const UNSUPPORTED_UPLOAD_MESSAGE =
  'This file type is not accepted: upload a picture (PNG, JPEG, GIF, WebP, AVIF or BMP) or audio (MP3, WAV, AIFF, μ-law or GSM).';

/**
 * What one account may keep (issue 15, finding 11: uploads had no quota): 100 files and 50 MB
 * in all, ten full-size pictures' worth of widgets. Files can be deleted to make room.
 */
export const UPLOAD_QUOTA = { files: 100, bytes: 50_000_000 };

export const UPLOAD_QUOTA_MESSAGE =
  'Your uploads are full (at most 100 files and 50 MB per account). Delete files you no longer use, then upload again.';

export const FILE_IN_USE_MESSAGE = 'This file is used by a widget. Choose another file in that widget first, then delete this one.';

/** Storage keys of uploads; the random part is also the file's public id in its URL. */
const KEY_PREFIX = 'uploads/';
/** 16 random bytes in base64url. */
const PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/;

export interface UploadedFileView {
  /** The file's public id (the random part of its URL): DELETE /user/files/{id}. */
  id: string;
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
  let stored = false;
  try {
    stored = await insertWithinQuota(db, { userId, filename: upload.filename, storageKey, contentType, size: upload.bytes.length });
  } finally {
    if (!stored) await storage.delete(storageKey);
  }
  if (!stored) throw new DomainError('upload_quota_exceeded', UPLOAD_QUOTA_MESSAGE);
}

/**
 * Inserts the file's row unless the account would go over UPLOAD_QUOTA. The account's row is
 * locked first, so parallel uploads of one account (on any instance) take turns: each counts
 * what the others committed, and the quota holds exactly. False when it would not fit.
 */
async function insertWithinQuota(db: Database, row: typeof files.$inferInsert): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
    const [usage] = await tx
      .select({ files: count(), bytes: sum(files.size).mapWith(Number) })
      .from(files)
      .where(eq(files.userId, row.userId));
    if ((usage?.files ?? 0) + 1 > UPLOAD_QUOTA.files || (usage?.bytes ?? 0) + row.size > UPLOAD_QUOTA.bytes) return false;
    await tx.insert(files).values(row);
    return true;
  });
}

/**
 * Deletes one of the caller's files (DELETE /user/files/{id}); another account's file is
 * answered as missing. A file a widget of the caller still shows (its URL in the widget's
 * settings) is refused with `file_in_use` rather than leave the widget on a live website with a
 * broken picture or silent waiting audio: the client picks another file there first. The check
 * and the delete are one statement.
 */
export async function deleteUpload(db: Database, storage: Storage, userId: number, publicId: string): Promise<void> {
  if (!PUBLIC_ID.test(publicId)) throw notFoundRow('file');
  const storageKey = `${KEY_PREFIX}${publicId}`;
  const [deleted] = await db
    .delete(files)
    .where(
      and(
        eq(files.userId, userId),
        eq(files.storageKey, storageKey),
        sql`not exists (select 1 from ${widgets} where ${widgets.userId} = ${userId} and strpos(${widgets.settings}::text, ${publicId}) > 0)`,
      ),
    )
    .returning({ storageKey: files.storageKey });
  if (deleted) {
    await storage.delete(deleted.storageKey);
    return;
  }
  const [exists] = await db.select({ id: files.id }).from(files).where(and(eq(files.userId, userId), eq(files.storageKey, storageKey)));
  throw exists ? new DomainError('file_in_use', FILE_IN_USE_MESSAGE) : notFoundRow('file');
}

/**
 * The caller's files, newest first: the SPA looks its upload up by filename in this list
 * (spec §7), so after uploading a second "logo.png" the first match is the new one.
 */
export async function listFiles(db: Database, userId: number, publicUrl: string): Promise<UploadedFileView[]> {
  const rows = await db.select().from(files).where(eq(files.userId, userId)).orderBy(desc(files.id));
  return rows.map((row) => ({ id: row.storageKey.slice(KEY_PREFIX.length), filename: row.filename, url: publicFileUrl(publicUrl, row) }));
}

/** Where a file is served: `<PUBLIC_URL>/files/<public id>/<safe name>`, stable for the file's life. */
export function publicFileUrl(publicUrl: string, row: Pick<FileRow, 'storageKey' | 'filename' | 'contentType'>): string {
  const publicId = row.storageKey.slice(KEY_PREFIX.length);
  return `${publicUrl}/files/${publicId}/${urlFilename(row.filename, EXTENSION_BY_TYPE[row.contentType] ?? 'bin')}`;
}

/** The file with this public id (any account's: the URL is the capability), or null. */
export async function findPublicFile(db: Database, publicId: string): Promise<FileRow | null> {
  if (!PUBLIC_ID.test(publicId)) return null;
  const [row] = await db.select().from(files).where(eq(files.storageKey, `${KEY_PREFIX}${publicId}`));
  return row ?? null;
}
