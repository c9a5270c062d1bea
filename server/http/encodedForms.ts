import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type ContentCoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } };

/** Bodies smaller than this are sent as they are (what @fastify/compress does below its threshold). */
const SMALLEST_COMPRESSED = 1024;

/** A body kept in memory with its compressed forms, each made once, when first asked for (issue 17). */
export interface EncodedBody {
  body: string;
  encoded(encoding: ContentCoding): Promise<Buffer>;
}

export function encodedBody(body: string): EncodedBody {
  const forms = new Map<ContentCoding, Promise<Buffer>>();
  return {
    body,
    encoded(encoding) {
      let form = forms.get(encoding);
      if (!form) {
        form = encoding === 'br' ? brotli(body, BROTLI_OPTIONS) : gzipAsync(body);
        forms.set(encoding, form);
      }
      return form;
    },
  };
}

/** The content coding the request accepts best among ours: brotli, else gzip, else none. */
export function acceptedCoding(request: FastifyRequest): ContentCoding | 'identity' {
  return (negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip', 'identity']) as ContentCoding | 'identity' | null) ?? 'identity';
}

/**
 * Sends a kept JSON body in the coding the client accepts best, compressed once for every request
 * that asks for it rather than once per request (@fastify/compress passes an encoded body through).
 */
export async function sendEncodedJson(request: FastifyRequest, reply: FastifyReply, kept: EncodedBody): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = kept.body.length < SMALLEST_COMPRESSED ? 'identity' : acceptedCoding(request);
  if (encoding === 'identity') return reply.send(kept.body);
  return reply.header('content-encoding', encoding).send(await kept.encoded(encoding));
}
