import https from 'node:https';
import { PUSH_MESSAGES } from '../../common/push.ts';
import { badRequest } from '../domain/errors.ts';
import { guardedLookup, hostMayBeCalled } from '../http/outbound-address.ts';

/**
 * A subscription's endpoint is an address the server will call: it must not let a user aim the
 * server at its own network (docs/security.md, "Push endpoints"; server/http/outbound-address.ts).
 */

/** Refuses (400) an endpoint whose host is an address the server may not call, or a loopback name. */
export function checkEndpoint(endpoint: string, allowLoopback: boolean): void {
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.username || url.password) throw badRequest(PUSH_MESSAGES.endpointInvalid);
  if (!hostMayBeCalled(url, allowLoopback)) throw badRequest(PUSH_MESSAGES.endpointPrivate);
}

/** The agent every push request goes through: checked addresses, kept-alive connections, and `ca` (tests) trusted. */
export function pushAgent(options: { allowLoopback: boolean; ca?: string }): https.Agent {
  return new https.Agent({ keepAlive: true, lookup: guardedLookup(options.allowLoopback), ...(options.ca ? { ca: options.ca } : {}) });
}
