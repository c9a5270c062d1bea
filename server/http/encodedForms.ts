import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type ContentCoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } };

/** Bodies smaller than this (in bytes) are sent as they are, as @fastify/compress leaves them. */
const SMALLEST_COMPRESSED = 1024;

/** A body kept in memory with its compressed forms, each made once, when first asked for (issue 17). */
export interface EncodedBody {
  body: string;
  /** Its length in bytes (UTF-8). */
  bytes: number;
  encoded(encoding: ContentCoding): Promise<Buffer>;
}

export function encodedBody(body: string): EncodedBody {
  const forms = new Map<ContentCoding, Promise<Buffer>>();
  return {
    body,
    bytes: Buffer.byteLength(body),
    encoded(encoding) {
      let form = forms.get(encoding);
      if (!form) {
        form = encoding === 'br' ? brotli(body, BROTLI_OPTIONS) : gzipAsync(body);
        // A failed compression is not kept: the next request tries again.
        form.catch(() => forms.delete(encoding));
        forms.set(encoding, form);
      }
      return form;
    },
  };
}

/**
 * Whether an If-None-Match header names `etag` (RFC 9110 §13.1.2: a list of entity tags, `*`,
 * compared weakly, so `W/"x"` matches `"x"`).
 */
export function ifNoneMatchNames(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** Adds `name` to the answer's Vary header, keeping what is there. */
function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  reply.header('vary', current ? `${String(current)}, ${name}` : name);
}

/**
 * Sends a kept JSON body in the coding the client accepts best (brotli, else gzip, else none),
 * compressed once for every request that asks for it rather than once per request
 * (@fastify/compress passes an encoded body through). With `etag` (the JSON's strong ETag), each
 * coding gets its own (RFC 9110 §8.8.3: the same JSON, other bytes), and a request naming it in
 * If-None-Match is answered 304.
 */
export async function sendEncodedJson(request: FastifyRequest, reply: FastifyReply, kept: EncodedBody, etag?: string): Promise<FastifyReply> {
  const accepted = (negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip', 'identity']) as ContentCoding | 'identity' | null) ?? 'identity';
  const encoding = kept.bytes < SMALLEST_COMPRESSED ? 'identity' : accepted;
  addVary(reply, 'accept-encoding');
  if (etag !== undefined) {
    const tag = encoding === 'identity' ? etag : `${etag.slice(0, -1)}-${encoding}"`;
    reply.header('etag', tag);
    if (ifNoneMatchNames(request.headers['if-none-match'], tag)) return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  if (encoding === 'identity') return reply.send(kept.body);
  return reply.header('content-encoding', encoding).send(await kept.encoded(encoding));
}
