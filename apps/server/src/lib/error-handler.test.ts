import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandler } from './error-handler.ts';
import { AppError, codeOfStatus, errorStatus, type ErrorCode } from './errors.ts';

async function appWith(handler: () => Promise<unknown>) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.post('/boom', handler);
  app.post(
    '/typed',
    { schema: { body: z.object({ n: z.number({ error: 'n must be a number.' }) }) } },
    async () => ({}),
  );
  await app.ready();
  return app;
}

describe('error handler', () => {
  it('turns an unexpected error into a generic 500 without a stack trace', async () => {
    const app = await appWith(async () => {
      throw new Error('secret detail at /srv/app.ts:12');
    });
    const res = await app.inject({ method: 'POST', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
    expect(res.body).not.toContain('secret detail');
  });

  it('maps AppError codes to statuses and sets Retry-After when given', async () => {
    const app = await appWith(async () => {
      throw new AppError('TOO_MANY_REQUESTS', 'Too many attempts.', { retryAfterSeconds: 60 });
    });
    const res = await app.inject({ method: 'POST', url: '/boom' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toEqual({ message: 'Too many attempts.', code: 'TOO_MANY_REQUESTS' });
  });

  it('answers schema failures with 400, the message and the field issues', async () => {
    const app = await appWith(async () => ({}));
    const res = await app.inject({ method: 'POST', url: '/typed', payload: { n: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'n must be a number.',
      code: 'VALIDATION',
      errors: [{ field: 'n', message: 'n must be a number.' }],
    });
  });

  it('answers a PostgreSQL out-of-range number (a schema gap) with 400, not 500', async () => {
    const app = await appWith(async () => {
      throw Object.assign(new Error('value "9007199254740991" is out of range for type integer'), { code: '22003' });
    });
    const res = await app.inject({ method: 'POST', url: '/boom' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'A number in the request is too large.', code: 'BAD_REQUEST' });
  });

  it('names every AppError code on the wire beside its sentence, with the status it maps to', async () => {
    for (const [code, status] of Object.entries(errorStatus) as [ErrorCode, number][]) {
      const app = await appWith(async () => {
        throw new AppError(code, `Refused as ${code}.`);
      });
      const res = await app.inject({ method: 'POST', url: '/boom' });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message: `Refused as ${code}.`, code });
    }
  });

  it('keeps the field issues an AppError carries beside its code', async () => {
    const errors = [{ field: 'password', message: 'Password is too short.' }];
    const app = await appWith(async () => {
      throw new AppError('VALIDATION', 'Password is too short.', { errors });
    });
    const res = await app.inject({ method: 'POST', url: '/boom' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Password is too short.', code: 'VALIDATION', errors });
  });

  it('names a refusal Fastify made with only a status by that status, keeping the status', async () => {
    const app = await appWith(async () => {
      throw Object.assign(new Error('Method not allowed here'), { statusCode: 405 });
    });
    const res = await app.inject({ method: 'POST', url: '/boom' });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({ message: 'Method not allowed here', code: 'BAD_REQUEST' });
    expect(codeOfStatus(404)).toBe('NOT_FOUND');
    expect(codeOfStatus(400)).toBe('BAD_REQUEST');
    expect(codeOfStatus(503)).toBe('UNAVAILABLE');
    expect(codeOfStatus(502)).toBe('INTERNAL');
  });
});
