import { Catch, HttpException } from '@nestjs/common';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { CommonErrorCode } from '@scm/contracts';
import type { ApiEnvelope, ErrorCode } from '@scm/contracts';
import { translate } from '@scm/i18n';
import type { Language } from '@scm/i18n';
import type { FastifyReply } from 'fastify';
import { translateLabel } from '../excel/labels.js';
import { createLogger } from '../logging/logger.js';
import { currentContext } from '../logging/request-context.js';
import { ListQueryError } from '../list-query/list-query-error.js';
import { FileNotFoundError } from '../storage/file-storage.js';
import { UploadRejectedError } from '../storage/upload-policy.js';
import { AppException } from './app-exception.js';
import { httpStatusOf } from './error-status.js';

const logger = createLogger('http');

/** Nest/Fastify's own HTTP errors (unknown route, body too large, bad JSON) mapped to our codes. */
function codeOfHttpStatus(status: number): ErrorCode {
  if (status === 401) return CommonErrorCode.UNAUTHENTICATED;
  if (status === 403) return CommonErrorCode.FORBIDDEN;
  if (status === 404) return CommonErrorCode.NOT_FOUND;
  if (status === 413) return CommonErrorCode.PAYLOAD_TOO_LARGE;
  if (status === 429) return CommonErrorCode.RATE_LIMITED;
  if (status >= 400 && status < 500) return CommonErrorCode.VALIDATION_FAILED;
  return CommonErrorCode.INTERNAL;
}

/** A list query the resource does not allow is a validation error naming the offending field. */
function listQueryProblem(error: ListQueryError): AppException {
  const rule = error.field.endsWith('.sort_type')
    ? 'validation.sort_type'
    : error.field.startsWith('order_by')
      ? 'validation.sort_column'
      : error.field.startsWith('other_params')
        ? 'validation.filter'
        : error.field === 'cursor'
          ? 'validation.cursor'
          : 'validation.invalid';
  return new AppException(CommonErrorCode.VALIDATION_FAILED, {}, [{ field: error.field, rule }]);
}

/** Builds the error envelope in the caller's language. Shared by the filter and the gateway. */
export function errorEnvelope(exception: unknown, language: Language): ApiEnvelope<null> {
  const correlationId = currentContext()?.correlationId;
  if (exception instanceof ListQueryError) return errorEnvelope(listQueryProblem(exception), language);
  if (exception instanceof UploadRejectedError) return errorEnvelope(new AppException(exception.reason), language);
  if (exception instanceof FileNotFoundError)
    return errorEnvelope(new AppException(CommonErrorCode.NOT_FOUND), language);
  if (exception instanceof AppException) {
    const status = httpStatusOf(exception.code);
    return {
      status,
      code: exception.code,
      message: translate(language, `errors.${exception.code}`, exception.params),
      data: null,
      ...(exception.fieldProblems.length > 0 && {
        errors: exception.fieldProblems.map((problem) => ({
          ...problem,
          // Rules may name any namespace (`import:errors.date`), like the web's keys.
          message: translateLabel(language, problem.rule, problem.params),
        })),
      }),
      correlationId,
    };
  }
  const httpStatus =
    exception instanceof HttpException
      ? exception.getStatus()
      : typeof (exception as { statusCode?: unknown })?.statusCode === 'number'
        ? (exception as { statusCode: number }).statusCode
        : 500;
  const code = codeOfHttpStatus(httpStatus);
  const status = code === CommonErrorCode.INTERNAL ? 500 : httpStatus;
  return { status, code, message: translate(language, `errors.${code}`), data: null, correlationId };
}

/**
 * The one error filter: every failure becomes the envelope with a stable code and a translated message.
 * An unexpected error is logged with the correlation id and answered 500 without details.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const language = (currentContext()?.language ?? 'en') as Language;
    const body = errorEnvelope(exception, language);
    if (body.status >= 500) logger.error({ err: exception }, 'unexpected error');
    if (exception instanceof AppException && exception.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(exception.retryAfterSeconds));
    }
    void reply.status(body.status).send(body);
  }
}
