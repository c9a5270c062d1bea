import type { FastifyInstance } from 'fastify';
import type { Storage } from '../adapters/storage/storage.ts';
import type { Database } from '../db/client.ts';
import { findPublicFile } from '../domain/files/uploads.ts';

/**
 * Serves uploaded files at their public URL, `/files/<public id>/<name>` (domain/files/uploads.ts),
 * for the dashboard and for the widget on clients' websites: no sign-in (the 128-bit id is the
 * capability), cached for a year (a file never changes under its id), the type found at upload
 * and never sniffed, inert if opened directly (CSP sandbox), byte ranges for audio players.
 * The name segment is cosmetic.
 */
export function registerFileServing(app: FastifyInstance, db: Database, storage: Storage): void {
  app.get<{ Params: { publicId: string; name: string } }>('/files/:publicId/:name', async (request, reply) => {
    const file = await findPublicFile(db, request.params.publicId);
    const bytes = file && (await storage.get(file.storageKey));
    if (!file || !bytes) {
      return reply.code(404).send({ error: 'not_found', error_description: 'The requested file is not found.' });
    }
    const etag = `"${request.params.publicId}"`;
    reply.headers({
      'content-type': file.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      etag,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'cross-origin',
      'accept-ranges': 'bytes',
      'content-disposition': `inline; filename="${request.params.name.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    });
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const range = parseRange(request.headers.range, bytes.length);
    if (range === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${bytes.length}`).send();
    }
    if (range) {
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`)
        .send(bytes.subarray(range.start, range.end + 1));
    }
    return reply.send(bytes);
  });
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range (audio players ask for these); others get the whole file. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
