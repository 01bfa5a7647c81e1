import { describe, expect, it } from 'vitest';
import { ALEXA_SERVER_MESSAGES } from '../../common/alexa.ts';
import { CERTIFICATE_FETCHES_PER_MINUTE, createCertificateFetchGate, isAlexaCertificateUrl } from './certificate-fetch-gate.ts';

const made = (n: number) => `https://s3.amazonaws.com/echo.api/made-up-${n}.pem`;

describe('the URLs a signing certificate may come from', () => {
  it.each([
    'https://s3.amazonaws.com/echo.api/echo-api-cert.pem',
    'HTTPS://S3.AMAZONAWS.COM/echo.api/echo-api-cert.pem',
    'https://s3.amazonaws.com:443/echo.api/echo-api-cert.pem',
    'https://s3.amazonaws.com/echo.api/../echo.api/echo-api-cert.pem',
  ])('takes %s', (url) => expect(isAlexaCertificateUrl(url)).toBe(true));

  it.each([
    'not-a-url',
    'http://s3.amazonaws.com/echo.api/echo-api-cert.pem',
    'https://notamazon.com/echo.api/echo-api-cert.pem',
    'https://s3.amazonaws.com/EcHo.aPi/echo-api-cert.pem',
    'https://s3.amazonaws.com/invalid.path/echo-api-cert.pem',
    'https://s3.amazonaws.com:563/echo.api/echo-api-cert.pem',
    'https://s3.amazonaws.com/echo.api/../invalid.path/cert.pem',
  ])('refuses %s', (url) => expect(isAlexaCertificateUrl(url)).toBe(false));
});

describe('the certificate fetch gate', () => {
  it('refuses a URL Amazon could not have sent with 400, and does not count it', () => {
    const admit = createCertificateFetchGate();
    for (let n = 0; n < 3 * CERTIFICATE_FETCHES_PER_MINUTE; n++) {
      expect(() => admit(`not-a-url-${n}`, '203.0.113.9')).toThrow(expect.objectContaining({ kind: 'invalid' }));
    }
    expect(() => admit(made(0), '203.0.113.9')).not.toThrow();
  });

  it('holds each client to its own limit a minute: one flooding client leaves the fetch of Alexa\'s certificate alone', () => {
    let now = 0;
    const admit = createCertificateFetchGate({ now: () => now });
    for (let n = 0; n < CERTIFICATE_FETCHES_PER_MINUTE; n++) admit(made(n), '203.0.113.9');
    expect(() => admit(made(99), '203.0.113.9')).toThrow(
      expect.objectContaining({ kind: 'rateLimited', message: ALEXA_SERVER_MESSAGES.certificateDownloadsExceeded }),
    );
    expect(() => admit('https://s3.amazonaws.com/echo.api/echo-api-cert-13.pem', '54.239.0.1')).not.toThrow();
    now += 60_000;
    expect(() => admit(made(100), '203.0.113.9')).not.toThrow();
  });
});
