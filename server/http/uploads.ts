import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { displayFilename } from '../domain/files/fileNames.ts';
import { UPLOAD_LIMIT_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from '../domain/files/uploads.ts';
import { ApiError, invalidRequest } from './apiError.ts';

/** The operation whose multipart body the handler reads itself (see installMultipartUploads). */
const UPLOAD_OPERATION = 'uploadFiles';

/**
 * Multipart bodies for POST /user/files (spec §5 Upload). The parser streams the parts to the
 * handler, which checks them (readSingleFile): the contract's `FileUpload` schema describes the
 * body for readers and generated types, but Fastify would validate it against the body it
 * sees — none, since the parts are read later — and refuse every real upload. So that one
 * route drops its body schema; the media type is still enforced (http/requestBodies.ts).
 * Call before the contract's routes are registered.
 */
export async function installMultipartUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    // busboy passes a file of exactly fileSize bytes and cuts the next byte: 5,000,001 answers
    // 413 with the spec's message (readSingleFile). files: 1, so a second file is refused.
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 },
  });
  app.addHook('onRoute', (route) => {
    const schema = route.schema as (FastifySchema & { operationId?: string }) | undefined;
    if (schema?.operationId !== UPLOAD_OPERATION) return;
    const { body: _multipartBody, ...withoutBody } = schema;
    route.schema = withoutBody;
  });
}

/**
 * The one file of a multipart upload with its (cleaned) part filename. The contract names the
 * part `file`; a file under another field name is taken too (the spec says only "multipart file
 * under its filename"). Other form fields are ignored. At most 5,000,000 bytes are buffered.
 */
export async function readSingleFile(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  let upload: { filename: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') upload = { filename: displayFilename(part.filename), bytes: await part.toBuffer() };
    }
  } catch (error) {
    throw multipartFailure(error);
  }
  if (!upload) throw invalidRequest('The request has no file: send it in the multipart field "file".');
  return upload;
}

function multipartFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, 'payload_too_large', UPLOAD_TOO_LARGE_MESSAGE);
    case 'FST_FILES_LIMIT':
      return invalidRequest('Upload one file at a time.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return invalidRequest('The upload has too many form fields.');
    default:
      // busboy's parse errors ("Unexpected end of form", a bad boundary…): the client's fault.
      return invalidRequest('The multipart body is malformed.');
  }
}
