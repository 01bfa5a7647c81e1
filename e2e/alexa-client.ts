/**
 * The OAuth client the e2e server is configured with (serve.ts), standing in for the Alexa service.
 * Its redirect URI is a page the browser test serves itself, on another origin than Listo's (a
 * port `ALEXA_PORT_OFFSET` above the app's), as Alexa's is.
 */
export const E2E_ALEXA = {
  clientId: 'listo-e2e-alexa',
  clientSecret: 'e2e-client-secret-that-is-long-enough-to-pass',
} as const;

const ALEXA_PORT_OFFSET = 1000;

export const alexaPort = (appPort: number | string) => Number(appPort) + ALEXA_PORT_OFFSET;
export const alexaRedirectUri = (appPort: number | string) => `http://127.0.0.1:${alexaPort(appPort)}/api/skill/link/E2E`;
