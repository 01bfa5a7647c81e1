import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A cookie that ties a step to the browser that took the one before it (the app itself keeps its
 * session in storage, not in cookies): HttpOnly, on its own path only, and Secure when PUBLIC_URL is https.
 */
export interface BrowserCookie {
  name: string;
  path: string;
  /** Lax when it must come along on another site's redirect back; Strict when only this site's pages send it. */
  sameSite: 'Lax' | 'Strict';
}

export function readBrowserCookie(request: FastifyRequest, cookie: BrowserCookie): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === cookie.name) return value.join('=');
  }
  return undefined;
}

export function setBrowserCookie(reply: FastifyReply, cookie: BrowserCookie, value: string, options: { secure: boolean; maxAgeS: number }): void {
  reply.header(
    'set-cookie',
    `${cookie.name}=${value}; Path=${cookie.path}; Max-Age=${options.maxAgeS}; HttpOnly; SameSite=${cookie.sameSite}${options.secure ? '; Secure' : ''}`,
  );
}
