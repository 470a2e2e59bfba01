import type { Response } from 'supertest';

/**
 * A supertest parser that keeps the body as bytes whatever its content type (downloads: .xlsx, images):
 * `agent.get(url).buffer(true).parse(binaryBody)`.
 */
export function binaryBody(response: Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** An error envelope's field errors as `{ field: message }`, for asserting which fields a refusal names. */
export function fieldErrors(body: { errors?: { field: string; message: string }[] }): Record<string, string> {
  return Object.fromEntries((body.errors ?? []).map((error) => [error.field, error.message]));
}
