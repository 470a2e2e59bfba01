import { Body, Injectable } from '@nestjs/common';
import type { PipeTransform } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { CommonErrorCode, V } from '@scm/contracts';
import { z } from 'zod';
import type { ZodType } from 'zod';
import { AppException } from './app-exception.js';
import type { FieldProblem } from './app-exception.js';

/**
 * Turns zod issues into field problems keyed by SPEC.md §5 messages (`validation.*`). Parse with
 * `reportInput: true` so that a missing value can be told from a wrong one.
 */
export function fieldProblemsOf(error: z.ZodError): FieldProblem[] {
  return error.issues.flatMap((issue): FieldProblem[] => {
    const field = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: field ? `${field}.${key}` : key, rule: V.unknownField }));
    }
    const params =
      (issue as { params?: Record<string, string | number> }).params ??
      (issue.code === 'too_big' && typeof issue.maximum === 'number' ? { max: issue.maximum } : undefined);
    if (issue.message.startsWith('validation.')) return [{ field, rule: issue.message, ...(params && { params }) }];
    if (issue.code === 'invalid_type' && issue.input === undefined) return [{ field, rule: V.required }];
    if (issue.code === 'too_big' && typeof issue.maximum === 'number') {
      return [{ field, rule: issue.origin === 'string' ? V.maxLength : V.max, params: { max: issue.maximum } }];
    }
    if (issue.code === 'invalid_type' && issue.expected === 'number') return [{ field, rule: V.number }];
    return [{ field, rule: V.invalid }];
  });
}

export function parseOrThrow<T extends ZodType>(schema: T, value: unknown): z.output<T> {
  // reportInput tells a missing value (required) from one of the wrong type (valid number).
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw new AppException(CommonErrorCode.VALIDATION_FAILED, {}, fieldProblemsOf(result.error));
  return result.data;
}

@Injectable()
export class ZodValidationPipe implements PipeTransform {
  constructor(private readonly schema: ZodType) {}

  transform(value: unknown): unknown {
    return parseOrThrow(this.schema, value ?? {});
  }
}

/** The request body validated by a contracts schema (unknown fields refused), and documented in OpenAPI. */
export function ValidBody(schema: ZodType): ParameterDecorator {
  return (target, propertyKey, index) => {
    Body(new ZodValidationPipe(schema))(target, propertyKey, index);
    if (propertyKey !== undefined) {
      const descriptor = Object.getOwnPropertyDescriptor(target, propertyKey);
      if (descriptor) {
        ApiBody({ schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as never })(
          target,
          propertyKey,
          descriptor,
        );
      }
    }
  };
}
