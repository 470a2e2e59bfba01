import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type {} from '@fastify/multipart';
import { CommonErrorCode, V } from '@scm/contracts';
import type { FastifyRequest } from 'fastify';
import { UploadRejectedError } from '../storage/upload-policy.js';
import { AppException } from './app-exception.js';

/** One file of a multipart request, read whole. */
export interface UploadedFile {
  /** The form field it came in (e.g. `files`). */
  fieldName: string;
  /** The name the browser sent (busboy keeps its last path segment only); may be empty. */
  fileName: string;
  body: Buffer;
}

export interface MultipartLimits {
  /** Largest accepted file (inclusive); a larger one is refused with FILE_TOO_LARGE, and not read into memory. */
  maxFileBytes: number;
  /** Hard cap on files per request; more is refused as too large a request. */
  maxFiles: number;
}

/**
 * Hands each file of a request to `onFile`, one at a time, in the order they came; returns how many.
 * Only one file is in memory at a time.
 */
export type UploadedFiles = (onFile: (file: UploadedFile, index: number) => Promise<void>) => Promise<number>;

/**
 * The files of a multipart request (@fastify/multipart, registered by createHttpApp). A non-multipart request
 * is a validation error on `files`. Once a file is refused (by the limits or by `onFile`), the rest of the
 * request is still read and discarded before the error is thrown, so the client gets the answer instead of a
 * reset connection in the middle of its upload.
 */
export function uploadedFiles(request: FastifyRequest, limits: MultipartLimits): UploadedFiles {
  return async (onFile) => {
    if (!request.isMultipart()) {
      throw new AppException(CommonErrorCode.VALIDATION_FAILED, {}, [{ field: 'files', rule: V.required }]);
    }
    const parts = request.files({
      limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: 20, parts: limits.maxFiles + 20 },
      throwFileSizeLimit: false,
    });
    let failure: { error: unknown } | undefined;
    let index = 0;
    try {
      for await (const part of parts) {
        if (failure) {
          await discard(part.file);
          continue;
        }
        try {
          const body = await readWhole(part.file);
          if (part.file.truncated) {
            throw new UploadRejectedError(
              CommonErrorCode.FILE_TOO_LARGE,
              `"${part.filename}" is larger than ${limits.maxFileBytes} bytes`,
            );
          }
          await onFile({ fieldName: part.fieldname, fileName: part.filename, body }, index);
          index += 1;
        } catch (error) {
          failure = { error };
        }
      }
    } catch (error) {
      // The request itself failed (malformed, closed early, over the parser's limits): nothing more to read.
      throw failure ? failure.error : error;
    }
    if (failure) throw failure.error;
    return index;
  };
}

async function readWhole(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function discard(stream: Readable): Promise<void> {
  stream.resume();
  await finished(stream);
}
