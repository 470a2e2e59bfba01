import type { EventEnvelope } from '@scm/contracts';
import { eventEnvelopeSchema } from '@scm/contracts';

/** The part of a zod schema this module needs (kept structural so platform does not import zod itself). */
export interface PayloadSchema {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export type EventSchemaMap = Readonly<Record<string, PayloadSchema>>;

/** An envelope or payload that does not match its schema; never published, never applied. */
export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';
  constructor(
    readonly subject: string,
    readonly issues: readonly string[],
  ) {
    super(`Invalid event ${subject}: ${issues.join('; ')}`);
  }
}

function describeIssues(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string[] {
  return error.issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
}

/** Validates `data` with the subject's schema and returns the parsed payload. */
export function validatePayload(schemas: EventSchemaMap, subject: string, data: unknown): unknown {
  const schema = Object.hasOwn(schemas, subject) ? schemas[subject] : undefined;
  if (!schema) throw new InvalidEventError(subject, ['unknown subject (not in EVENT_SCHEMAS)']);
  const result = schema.safeParse(data);
  if (!result.success) throw new InvalidEventError(subject, describeIssues(result.error));
  return result.data;
}

/** Validates a received envelope and its payload. */
export function validateEnvelope(schemas: EventSchemaMap, raw: unknown): EventEnvelope {
  const result = eventEnvelopeSchema.safeParse(raw);
  if (!result.success) {
    const subject =
      typeof (raw as { subject?: unknown })?.subject === 'string' ? (raw as { subject: string }).subject : '(unknown)';
    throw new InvalidEventError(
      subject,
      describeIssues(result.error).map((issue) => `envelope ${issue}`),
    );
  }
  const data = validatePayload(schemas, result.data.subject, result.data.data);
  return { ...result.data, data } as EventEnvelope;
}
