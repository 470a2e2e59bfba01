import { HttpException } from '@nestjs/common';
import { CatalogErrorCode, CommonErrorCode } from '@scm/contracts';
import { ListQueryError } from '../list-query/list-query-error.js';
import { UploadRejectedError } from '../storage/upload-policy.js';
import { runInContext } from '../logging/request-context.js';
import { AppException } from './app-exception.js';
import { errorEnvelope } from './error.filter.js';

describe(errorEnvelope.name, () => {
  it('answers a coded error with its status and the message in the caller language', () => {
    const sut = (language: 'en' | 'zh-CN') => errorEnvelope(new AppException(CatalogErrorCode.UOM_IN_USE), language);
    expect(sut('en')).toMatchObject({
      status: 409,
      code: 'CATALOG_UOM_IN_USE',
      message: 'UOM is in use, cannot be deleted or archived',
      data: null,
    });
    expect(sut('zh-CN').message).toBe('计量单位正在使用中，无法删除或归档');
  });

  it('translates each field problem with its parameters', () => {
    const error = new AppException(CommonErrorCode.VALIDATION_FAILED, {}, [
      { field: 'qty', rule: 'validation.max', params: { max: 100 } },
      { field: 'name', rule: 'validation.required' },
    ]);
    const sut = errorEnvelope(error, 'en');
    expect(sut.status).toBe(400);
    expect(sut.message).toBe('One or more fields are not filled in correctly');
    expect(sut.errors).toEqual([
      { field: 'qty', rule: 'validation.max', params: { max: 100 }, message: 'Value cannot be more than 100' },
      { field: 'name', rule: 'validation.required', message: 'This field is required' },
    ]);
  });

  it('answers an unexpected error with 500 and the generic text, never the error itself', () => {
    const sut = runInContext({ correlationId: 'corr-1' }, () =>
      errorEnvelope(new Error('relation "secret_table" does not exist at /srv/app.js:10'), 'en'),
    );
    expect(sut).toEqual({
      status: 500,
      code: 'INTERNAL',
      message: 'Error! Please try again later',
      data: null,
      correlationId: 'corr-1',
    });
    expect(JSON.stringify(sut)).not.toContain('secret_table');
  });

  it('maps framework HTTP errors to stable codes', () => {
    expect(errorEnvelope(new HttpException('Cannot GET /x', 404), 'en')).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(errorEnvelope(Object.assign(new Error('too large'), { statusCode: 413 }), 'en')).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(errorEnvelope(Object.assign(new Error('bad json'), { statusCode: 400 }), 'zh-CN')).toMatchObject({
      status: 400,
      message: '一项或多项未正确填写',
    });
  });

  it('answers a refused upload with its reason, translated', () => {
    const tooLarge = new UploadRejectedError(CommonErrorCode.FILE_TOO_LARGE, 'too large');
    expect(errorEnvelope(tooLarge, 'en')).toMatchObject({ status: 413, message: 'Files exceed 20MB' });
    expect(errorEnvelope(tooLarge, 'zh-CN').message).toBe('文件超过 20MB');
  });

  it('turns a refused list query into a validation error naming the field', () => {
    const sut = errorEnvelope(new ListQueryError('order_by[0].column', 'not sortable'), 'en');
    expect(sut).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(sut.errors).toEqual([
      { field: 'order_by[0].column', rule: 'validation.sort_column', message: 'This column cannot be sorted' },
    ]);
  });
});
