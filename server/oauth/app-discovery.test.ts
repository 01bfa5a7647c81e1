import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_OAUTH_MESSAGES } from '../../common/oauth-apps.ts';
import { requireScope } from '../access/access.ts';
import { actorOf, registerAuthentication } from '../http/authenticate.ts';
import { answerError } from '../http/error-handler.ts';
import { createUser } from '../test/factories.ts';
import { TEST_SECRET, useTestApp } from '../test/test-app.ts';
import { connectApp, MCP_RESOURCE } from '../test/oauth-apps.ts';
import { linkAccount, TEST_ALEXA } from '../test/oauth-linking.ts';
import { createOAuthService } from './oauth.service.ts';

/** Discovery documents, and the audience of apps' tokens: the MCP endpoint only. */
const t = useTestApp({ config: { alexa: TEST_ALEXA } });
const ORIGIN = 'http://listo.test';

describe('discovery', () => {
  it.each(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'])('%s names the MCP endpoint and this server', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.json()).toEqual({
      resource: MCP_RESOURCE,
      authorization_servers: [ORIGIN],
      scopes_supported: ['lists:read', 'items:write', 'lists:manage'],
      bearer_methods_supported: ['header'],
      resource_name: 'Listo',
    });
  });

  it('the authorization server metadata names the endpoints, S256 only, and metadata documents', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      issuer: ORIGIN,
      authorization_endpoint: `${ORIGIN}/oauth/authorize`,
      token_endpoint: `${ORIGIN}/api/v1/oauth/token`,
      registration_endpoint: `${ORIGIN}/api/v1/oauth/register`,
      scopes_supported: ['lists:read', 'items:write', 'lists:manage'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
    });
  });
});

describe('the audience of a token', () => {
  /**
   * Routes as the MCP endpoint and a delegated API route declare themselves, behind the real
   * authentication hook and the real token lookup on the test app's database.
   */
  let probe: FastifyInstance;
  beforeAll(async () => {
    probe = Fastify();
    const oauth = createOAuthService({ db: t.database.db, secret: TEST_SECRET, now: () => t.clock.now, clients: [TEST_ALEXA.client!], log: probe.log });
    probe.setErrorHandler(answerError);
    await probe.register(async (scope) => {
      registerAuthentication(scope, [oauth.authenticate], { publicUrl: ORIGIN });
      scope.post('/mcp', { config: { delegated: true, resource: 'mcp' } }, async (request) => ({ user: actorOf(request).user.id }));
      scope.post('/mcp/write', { config: { delegated: true, resource: 'mcp' } }, async (request) => {
        requireScope(actorOf(request), 'items:write');
        return {};
      });
      scope.get('/lists', { config: { delegated: true } }, async (request) => ({ user: actorOf(request).user.id }));
    });
  });
  afterAll(() => probe.close());

  const call = (method: 'GET' | 'POST', url: string, token?: string) =>
    probe.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('a token bound to the MCP endpoint works there', async () => {
    const user = await createUser(t);
    const { accessToken } = await connectApp(t, user);
    const response = await call('POST', '/mcp', accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: user.user.id });
  });

  it('a token bound to the MCP endpoint is no credential on the API: 401, on the real routes too', async () => {
    const user = await createUser(t);
    const { accessToken } = await connectApp(t, user);
    expect((await call('GET', '/lists', accessToken)).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', path: '/auth/me', token: accessToken })).status).toBe(401);
  });

  it('the MCP endpoint refuses an app token bound to nothing (account linking’s) with invalid_token and the way to discovery', async () => {
    const user = await createUser(t);
    const link = await linkAccount(t, user);
    const response = await call('POST', '/mcp', link.accessToken);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'invalid_token', message: APP_OAUTH_MESSAGES.tokenNotForResource } });
    expect(response.headers['www-authenticate']).toBe(`Bearer error="invalid_token", resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource"`);
    // The same token still works where it is meant to.
    expect((await call('GET', '/lists', link.accessToken)).statusCode).toBe(200);
  });

  it('the MCP endpoint answers no token, or a revoked one, with the challenge', async () => {
    const bare = await call('POST', '/mcp');
    expect(bare.statusCode).toBe(401);
    expect(bare.headers['www-authenticate']).toBe(`Bearer resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource"`);
    const user = await createUser(t);
    const connection = await connectApp(t, user);
    await t.request({ method: 'DELETE', path: `/auth/linked-apps/${connection.clientId}`, token: user.token });
    const revoked = await call('POST', '/mcp', connection.accessToken);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('a token with too small a scope is refused what it was not given', async () => {
    const user = await createUser(t);
    const { accessToken } = await connectApp(t, user, { scope: 'lists:read' });
    expect((await call('POST', '/mcp/write', accessToken)).statusCode).toBe(403);
    const writer = await connectApp(t, user, { scope: 'lists:read items:write' });
    expect((await call('POST', '/mcp/write', writer.accessToken)).statusCode).toBe(200);
  });
});
