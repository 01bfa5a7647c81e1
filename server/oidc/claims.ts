import type { OidcProviderConfig } from './oidc.config.ts';

/** What Listo takes from a provider's claims (ID token, then userinfo). */
export interface ProviderIdentity {
  subject: string;
  /** Lower-cased; undefined when the provider shared none. */
  email: string | undefined;
  /** Only an explicit `email_verified: true` counts (some providers send the string "true"). */
  emailVerified: boolean;
  name: string | undefined;
  groups: string[];
}

/**
 * The groups in the configured claim: an array of strings, or one string (as some providers send a
 * single group). A missing claim is no groups, not an error: it matters only when groups are required.
 */
export function groupsIn(claims: Record<string, unknown>, claim: string): string[] {
  const value = claims[claim];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((group): group is string => typeof group === 'string') : [];
}

export function identityOf(claims: Record<string, unknown>, groupsClaim: string): ProviderIdentity {
  const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim().toLowerCase() : undefined;
  const name = [claims.given_name, claims.name].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  return {
    subject: String(claims.sub),
    email,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: name?.trim(),
    groups: groupsIn(claims, groupsClaim),
  };
}

/** Whether the groups let the person in: any group when none are required, else one of the allowed or the admin group. */
export function allowedIn(provider: Pick<OidcProviderConfig, 'allowedGroups' | 'adminGroup'>, groups: readonly string[]): boolean {
  return provider.allowedGroups.length === 0 || provider.allowedGroups.some((group) => groups.includes(group)) || isAdminIn(provider, groups);
}

export function isAdminIn(provider: Pick<OidcProviderConfig, 'adminGroup'>, groups: readonly string[]): boolean {
  return provider.adminGroup !== undefined && groups.includes(provider.adminGroup);
}
