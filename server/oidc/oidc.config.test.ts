import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config-error.ts';
import { loadConfig } from '../config.ts';
import { allowedIn, groupsIn, identityOf } from './claims.ts';

const authentik = {
  OIDC_PROVIDERS: 'authentik',
  OIDC_AUTHENTIK_ISSUER: 'https://auth.example.com/application/o/listo/',
  OIDC_AUTHENTIK_CLIENT_ID: 'listo',
  OIDC_AUTHENTIK_CLIENT_SECRET: 'secret',
};

describe('identity providers in the environment', () => {
  it('has none, and passwords, unless told', () => {
    expect(loadConfig({}).oidc).toEqual({ providers: [], passwordLogin: true });
  });

  it('reads several providers with their defaults and options', () => {
    const { oidc } = loadConfig({
      ...authentik,
      OIDC_PROVIDERS: 'authentik, Kanidm',
      OIDC_KANIDM_ISSUER: 'https://idm.example.com/oauth2/openid/listo',
      OIDC_KANIDM_CLIENT_ID: 'listo',
      OIDC_KANIDM_LABEL: 'Household login',
      OIDC_KANIDM_AUTO_CREATE: 'on',
      OIDC_KANIDM_ALLOWED_GROUPS: 'family, friends',
      OIDC_KANIDM_ADMIN_GROUP: 'admins',
      OIDC_KANIDM_GROUPS_CLAIM: 'roles',
      PASSWORD_LOGIN: 'off',
    });
    expect(oidc.passwordLogin).toBe(false);
    expect(oidc.providers).toEqual([
      {
        id: 'authentik',
        issuer: 'https://auth.example.com/application/o/listo/',
        clientId: 'listo',
        clientSecret: 'secret',
        scopes: 'openid email profile',
        label: 'Authentik',
        autoCreate: false,
        groupsClaim: 'groups',
        allowedGroups: [],
        adminGroup: undefined,
      },
      {
        id: 'kanidm',
        issuer: 'https://idm.example.com/oauth2/openid/listo',
        clientId: 'listo',
        clientSecret: undefined,
        scopes: 'openid email profile',
        label: 'Household login',
        autoCreate: true,
        groupsClaim: 'roles',
        allowedGroups: ['family', 'friends'],
        adminGroup: 'admins',
      },
    ]);
  });

  it.each([
    [{ OIDC_PROVIDERS: 'authentik' }, 'Invalid OIDC_AUTHENTIK_ISSUER: is needed for the provider "authentik"'],
    [{ ...authentik, OIDC_AUTHENTIK_CLIENT_ID: undefined }, 'Invalid OIDC_AUTHENTIK_CLIENT_ID: is needed for the provider "authentik"'],
    [
      { ...authentik, OIDC_AUTHENTIK_ISSUER: 'http://auth.example.com/' },
      'Invalid OIDC_AUTHENTIK_ISSUER: must be an https:// URL without ?query or #fragment (plain http:// only for 127.0.0.1 or localhost)',
    ],
    [{ ...authentik, OIDC_AUTHENTIK_SCOPES: 'email profile' }, 'Invalid OIDC_AUTHENTIK_SCOPES: must include openid'],
    [{ ...authentik, OIDC_AUTHENTIK_AUTO_CREATE: 'maybe' }, 'Invalid OIDC_AUTHENTIK_AUTO_CREATE: must be on or off'],
    [{ ...authentik, OIDC_PROVIDERS: 'auth entik' }, 'Invalid OIDC_PROVIDERS: "auth entik" must be letters, digits or hyphens (at most 30)'],
    [{ ...authentik, OIDC_PROVIDERS: 'authentik,authentik' }, 'Invalid OIDC_PROVIDERS: names a provider twice'],
    [{ PASSWORD_LOGIN: 'off' }, 'Invalid PASSWORD_LOGIN: can be off only with an identity provider in OIDC_PROVIDERS, or nobody could sign in'],
    [{ PASSWORD_LOGIN: 'nope' }, 'Invalid PASSWORD_LOGIN: must be on or off'],
  ])('stops the start with one line for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('takes plain HTTP for a provider on this machine only', () => {
    const { oidc } = loadConfig({ ...authentik, OIDC_AUTHENTIK_ISSUER: 'http://127.0.0.1:9000/' });
    expect(oidc.providers[0]?.issuer).toBe('http://127.0.0.1:9000/');
  });
});

describe('claims', () => {
  it('reads groups as a list or a single string, and none when the claim is missing', () => {
    expect(groupsIn({ groups: ['a', 1, 'b'] }, 'groups')).toEqual(['a', 'b']);
    expect(groupsIn({ groups: 'a' }, 'groups')).toEqual(['a']);
    expect(groupsIn({}, 'groups')).toEqual([]);
  });

  it('lets anybody in without allowed groups; otherwise an allowed group or the admin group', () => {
    expect(allowedIn({ allowedGroups: [], adminGroup: undefined }, [])).toBe(true);
    expect(allowedIn({ allowedGroups: ['family'], adminGroup: 'admins' }, ['guests'])).toBe(false);
    expect(allowedIn({ allowedGroups: ['family'], adminGroup: 'admins' }, ['admins'])).toBe(true);
  });

  it('counts only a true email_verified, and lower-cases the address', () => {
    expect(identityOf({ sub: 's', email: 'A@B.example', email_verified: 'false' }, 'groups')).toMatchObject({
      email: 'a@b.example',
      emailVerified: false,
    });
    expect(identityOf({ sub: 's', email: 'a@b.example', email_verified: true }, 'groups').emailVerified).toBe(true);
  });
});
