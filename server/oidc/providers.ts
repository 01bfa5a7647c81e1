import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import { isLoopbackHost } from '../http/trustworthy-origin.ts';
import type { OidcProviderConfig } from './oidc.config.ts';

/** The first retry of a provider that could not be reached; each next waits twice as long, up to the most. */
export const DISCOVERY_RETRY_FIRST_MS = 5_000;
export const DISCOVERY_RETRY_MOST_MS = 5 * 60_000;
/** A provider answering slower than this counts as unreachable for now (seconds, as openid-client takes it). */
const DISCOVERY_TIMEOUT_S = 10;

export interface ProviderState {
  config: OidcProviderConfig;
  /** The provider's metadata and our client, once its discovery document was read. */
  client: client.Configuration | undefined;
}

export interface ProviderRegistryOptions {
  log: FastifyBaseLogger;
  /** The first retry's wait (tests shorten it). */
  retryFirstMs?: number;
  /** Every request to providers goes through it (tests tamper with answers at this edge). */
  fetch?: client.CustomFetch;
}

export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;

/**
 * The configured providers and their discovery. A provider that cannot be reached at start does not
 * stop Listo: it is tried again in the background, each wait twice the last, and its button says
 * it is unavailable meanwhile; a sign-in started meanwhile tries it once more at once.
 */
export function createProviderRegistry(providers: readonly OidcProviderConfig[], options: ProviderRegistryOptions) {
  const states = new Map<string, ProviderState>(providers.map((config) => [config.id, { config, client: undefined }]));
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Map<string, Promise<client.Configuration | undefined>>();
  let closed = false;

  function discover(state: ProviderState): Promise<client.Configuration | undefined> {
    const running = inFlight.get(state.config.id);
    if (running) return running;
    const attempt = (async () => {
      const { config } = state;
      const issuer = new URL(config.issuer);
      const found = await client.discovery(
        issuer,
        config.clientId,
        // The ID token's signature algorithm: what the provider's metadata says it signs with.
        undefined,
        config.clientSecret === undefined ? client.None() : client.ClientSecretPost(config.clientSecret),
        {
          timeout: DISCOVERY_TIMEOUT_S,
          // config.ts allows plain HTTP for a loopback issuer only.
          ...(issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname) ? { execute: [client.allowInsecureRequests] } : {}),
          ...(options.fetch ? { [client.customFetch]: options.fetch } : {}),
        },
      );
      // The ID token comes from the token endpoint; its signature is checked all the same.
      client.enableNonRepudiationChecks(found);
      state.client = found;
      options.log.info({ provider: config.id }, 'identity provider ready');
      return found;
    })()
      .catch((error: unknown) => {
        options.log.warn({ provider: state.config.id, err: String(error) }, 'identity provider cannot be reached; retrying in the background');
        return undefined;
      })
      .finally(() => inFlight.delete(state.config.id));
    inFlight.set(state.config.id, attempt);
    return attempt;
  }

  function keepTrying(state: ProviderState, waitMs: number): void {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void discover(state).then((found) => {
        if (!found) keepTrying(state, Math.min(waitMs * 2, DISCOVERY_RETRY_MOST_MS));
      });
    }, waitMs);
    timer.unref();
    timers.add(timer);
  }

  return {
    /** Reads every provider's discovery document; those that fail are retried in the background. */
    async start(): Promise<void> {
      await Promise.all(
        [...states.values()].map(async (state) => {
          if (!(await discover(state))) keepTrying(state, options.retryFirstMs ?? DISCOVERY_RETRY_FIRST_MS);
        }),
      );
    },
    /** Every provider, in configured order, and whether it can be used now. */
    list(): { id: string; label: string; available: boolean }[] {
      return [...states.values()].map(({ config, client: found }) => ({ id: config.id, label: config.label, available: found !== undefined }));
    },
    get(id: string): ProviderState | undefined {
      return states.get(id);
    },
    /** The provider's client, trying its discovery again now if it was not reachable yet. */
    async ready(state: ProviderState): Promise<client.Configuration | undefined> {
      return state.client ?? (await discover(state));
    },
    close(): void {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
