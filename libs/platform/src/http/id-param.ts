import { Param } from '@nestjs/common';
import type { PipeTransform } from '@nestjs/common';
import { CommonErrorCode } from '@scm/contracts';
import { AppException } from './app-exception.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a uuid (a record id a uuid column can be asked for without a database error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A record id from the path: a malformed one is simply not found, never a database error. */
class UuidParamPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isUuid(value)) throw new AppException(CommonErrorCode.NOT_FOUND);
    return value.toLowerCase();
  }
}

export const IdParam = (name = 'id') => Param(name, new UuidParamPipe());

/** A user-entered code from the path (e.g. a location id): one without slash and at most 100 characters. */
class CodeParamPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (value === '' || value.length > 100 || value.includes('/')) throw new AppException(CommonErrorCode.NOT_FOUND);
    return value;
  }
}

export const CodeParam = (name = 'id') => Param(name, new CodeParamPipe());
