import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Someone the test identity provider can sign in, with the claims it vouches for. */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export const TEST_CLIENT = { id: 'listo', secret: 'listo-test-client-secret' };

export interface TestProvider {
  issuer: string;
  port: number;
  /** Accounts by subject; tests add and change them. */
  accounts: Map<string, TestAccount>;
  /** Stops listening (a provider that went down); `listen` brings it back on the same port. */
  close(): Promise<void>;
  listen(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1, for the tests of sign-in with a provider.
 * Its sign-in page is a one-field form ("Account", a subject of `accounts`); consent is given at once.
 * `port` 0 picks a free one; `redirectUris` are the Listo callbacks it accepts.
 */
export async function startTestProvider(options: { port?: number; redirectUris: string[]; postLogoutRedirectUris?: string[]; listen?: boolean }): Promise<TestProvider> {
  const accounts = new Map<string, TestAccount>();
  let port = options.port ?? 0;
  if (port === 0) port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['listo-test-provider-cookie-key'] },
    // The ID token carries the claims too, as most providers' do; userinfo has them as well.
    conformIdTokenClaims: false,
  });
  const callback = provider.callback();

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      if (req.method !== 'POST') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(
          `<!doctype html><html lang="en"><title>Test provider</title><form method="post"><label>Account <input name="login"></label><button>Continue</button></form></html>`,
        );
        return;
      }
      const form = new URLSearchParams(await bodyOf(req));
      await provider.interactionFinished(req, res, { login: { accountId: form.get('login') ?? '' } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: TEST_CLIENT.id });
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  }

  let server: http.Server | undefined;
  const handle = {
    issuer,
    port,
    accounts,
    listen: () =>
      new Promise<void>((resolve) => {
        server = http.createServer((req, res) => {
          if (req.url?.startsWith('/interaction/')) {
            interaction(req, res).catch((error: unknown) => {
              res.statusCode = 500;
              res.end(String(error));
            });
          } else {
            // The provider (a Koa app) answers its own failures.
            void callback(req, res);
          }
        });
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
        server = undefined;
      }),
  };
  if (options.listen !== false) await handle.listen();
  return handle;
}

function bodyOf(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A browser's trip through the provider: from its authorization URL, signed in as `subject`, to
 * the redirect back to Listo (the URL answered), keeping the provider's cookies on the way.
 */
export async function signInAtProvider(authorizationUrl: string, subject: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      jar.set(name, value.join('='));
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (!next.startsWith(new URL(authorizationUrl).origin)) return next;
      url = next;
      method = 'GET';
      body = undefined;
      continue;
    }
    if (response.status === 200 && url.includes('/interaction/')) {
      method = 'POST';
      body = new URLSearchParams({ login: subject }).toString();
      continue;
    }
    throw new Error(`the test provider answered ${response.status}: ${await response.text()}`);
  }
  throw new Error('too many redirects at the test provider');
}
