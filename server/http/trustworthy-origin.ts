/**
 * Whether browsers count the origin a request came to as secure (W3C Secure Contexts, "potentially
 * trustworthy"): HTTPS, or a loopback host. A home network's plain-HTTP address
 * (`http://192.168.1.20:3000`) is not, and there browsers ignore some headers and log an error
 * for each. `protocol` honours `X-Forwarded-Proto` from a trusted proxy (Fastify's request.protocol).
 */
export function isTrustworthyOrigin(protocol: string | undefined, hostname: string): boolean {
  return protocol === 'https' || isLoopbackHost(hostname);
}

/** Whether a host name or address (as in a URL, or as HOST names it) is this machine's loopback. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '::1' || LOOPBACK_IPV4.test(host);
}

const LOOPBACK_IPV4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
