import { StreamableFile } from '@nestjs/common';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { lastValueFrom, of } from 'rxjs';
import { runInContext } from '../logging/request-context.js';
import { EnvelopeInterceptor, ListPage } from './envelope.js';

function contextWith(statusCode: number, successKey?: string): ExecutionContext {
  const handler = () => undefined;
  if (successKey) Reflect.defineMetadata('scm:success-message', successKey, handler);
  return {
    getHandler: () => handler,
    switchToHttp: () => ({ getResponse: () => ({ statusCode }) }),
  } as unknown as ExecutionContext;
}

const returning = (value: unknown): CallHandler => ({ handle: () => of(value) });

describe(EnvelopeInterceptor.name, () => {
  const sut = new EnvelopeInterceptor(new Reflector());

  it('wraps a result in the envelope whose status is the HTTP status', async () => {
    const body = await lastValueFrom(sut.intercept(contextWith(201, 'messages.created'), returning({ id: 1 })));
    expect(body).toEqual({ status: 201, message: 'Created successfully', data: { id: 1 } });
  });

  it('carries recordsTotal for a list page', async () => {
    const body = await lastValueFrom(sut.intercept(contextWith(200), returning(new ListPage([{ id: 1 }], 42))));
    expect(body).toEqual({ status: 200, message: 'Success', data: [{ id: 1 }], recordsTotal: 42 });
  });

  it('sends a file download as it is, not wrapped', async () => {
    const file = new StreamableFile(Buffer.from('%PDF-1.4'), { type: 'application/pdf' });
    expect(await lastValueFrom(sut.intercept(contextWith(200), returning(file)))).toBe(file);
  });

  it('answers the success message in the caller language and null for no result', async () => {
    const body = await runInContext({ language: 'zh-CN' }, () =>
      lastValueFrom(sut.intercept(contextWith(200, 'messages.deleted'), returning(undefined))),
    );
    expect(body).toEqual({ status: 200, message: '删除成功', data: null });
  });
});
