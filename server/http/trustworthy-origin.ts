/**
 * Whether browsers count the origin a request came to as secure (W3C Secure Contexts, "potentially
 * trustworthy"): HTTPS, or a loopback host. A home network's plain-HTTP address
 * (`http://192.168.1.20:3000`) is not, and there browsers ignore some headers and log an error
 * for each. `protocol` honours `X-Forwarded-Proto` from a trusted proxy (Fastify's request.protocol).
 */
export function isTrustworthyOrigin(protocol: string | undefined, hostname: string): boolean {
  if (protocol === 'https') return true;
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || LOOPBACK_IPV4.test(host);
}

const LOOPBACK_IPV4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
