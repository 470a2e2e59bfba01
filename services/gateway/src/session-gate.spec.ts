import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TokenSigner, TokenVerifier } from '@scm/platform';
import type { FastifyRequest } from 'fastify';
import { SessionCheckUnavailableError, createSessionGate, withSessionCookie } from './session-gate.js';

describe(createSessionGate.name, () => {
  const pair = generateKeyPairSync('ed25519');
  let signer: TokenSigner;
  let verifier: TokenVerifier;
  let identity: http.Server;
  let identityUrl: string;
  /** What the fake identity answers to the next check. */
  let answer: { status: number; body: unknown };

  beforeAll(async () => {
    signer = await TokenSigner.fromPem(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    verifier = await TokenVerifier.fromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
    identity = http.createServer((request, response) => {
      response.writeHead(request.url === '/api/identity/sessions/check' ? answer.status : 404, {
        'content-type': 'application/json',
      });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => identity.listen(0, '127.0.0.1', resolve));
    identityUrl = `http://127.0.0.1:${(identity.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => identity.close(resolve)));

  const token = () =>
    signer.sign({
      sub: 'u1',
      sid: 's1',
      name: 'Mei',
      role: 'clerk',
      perms: [],
      cost: false,
      limit: null,
      locs: ['OUTLET-1'],
      lang: null,
    });
  const requestWith = (headers: Record<string, string>) => ({ id: 'c1', headers }) as unknown as FastifyRequest;
  const sut = () => createSessionGate(identityUrl, verifier, true);

  it('forwards a current session untouched', async () => {
    answer = { status: 200, body: { data: { state: 'current' } } };
    expect(await sut()(requestWith({ cookie: `scm_session=${await token()}` }))).toEqual({ headers: {} });
  });

  it('removes the credentials of an ended session, so the service answers as for an anonymous caller', async () => {
    answer = { status: 200, body: { data: { state: 'ended' } } };
    const decision = await sut()(requestWith({ cookie: `scm_csrf=x; scm_session=${await token()}` }));
    expect(decision.headers).toEqual({ cookie: 'scm_csrf=x', authorization: undefined });
  });

  it('forwards the renewed token of a changed session and hands the browser its cookie', async () => {
    answer = {
      status: 200,
      body: { data: { state: 'renewed', access_token: 'FRESH', expires_at: '2030-01-01T00:00:00.000Z' } },
    };
    const decision = await sut()(requestWith({ cookie: `scm_session=${await token()}; scm_csrf=x` }));
    expect(decision.headers).toEqual({ cookie: 'scm_csrf=x; scm_session=FRESH' });
    expect(decision.setCookie).toBe(
      'scm_session=FRESH; Path=/; Expires=Tue, 01 Jan 2030 00:00:00 GMT; HttpOnly; SameSite=Lax; Secure',
    );
    const bearer = await sut()(requestWith({ authorization: `Bearer ${await token()}` }));
    expect(bearer).toEqual({ headers: { authorization: 'Bearer FRESH' } });
  });

  it('does not ask identity about a request without a valid token', async () => {
    answer = { status: 500, body: {} };
    expect(await sut()(requestWith({}))).toEqual({ headers: {} });
    expect(await sut()(requestWith({ cookie: 'scm_session=forged' }))).toEqual({ headers: {} });
  });

  it('fails closed when identity cannot answer', async () => {
    answer = { status: 503, body: {} };
    await expect(sut()(requestWith({ cookie: `scm_session=${await token()}` }))).rejects.toThrow(
      SessionCheckUnavailableError,
    );
  });
});

describe(withSessionCookie.name, () => {
  it('replaces or removes only the session cookie', () => {
    expect(withSessionCookie('a=1; scm_session=old; b=2', 'new')).toBe('a=1; b=2; scm_session=new');
    expect(withSessionCookie('scm_session=old', undefined)).toBeUndefined();
  });
});
