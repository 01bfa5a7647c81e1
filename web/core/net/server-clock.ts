/**
 * The server's clock as this device sees it. What the screen says about time ("2 min ago")
 * compares the server's timestamps with now: on a device whose clock runs minutes fast, whatever
 * was just done would read "5 min ago", and on a slow one a change minutes old "just now". Each API
 * answer's Date header tells how far apart the two clocks are.
 */

/** Closer than this, the header's whole seconds and the network's delay cannot tell skew from noise. */
export const CLOCK_NOISE_MS = 2_000;

let offsetMs = 0;

/**
 * Takes the Date header of an answer to a request sent at `sentAt` and received at `receivedAt`
 * (device time). An answer that took longer than the noise says too little about when it was made.
 */
export function noteServerDate(dateHeader: string | null, sentAt: number, receivedAt: number): void {
  const serverSecond = dateHeader === null ? Number.NaN : Date.parse(dateHeader);
  if (Number.isNaN(serverSecond) || receivedAt - sentAt > CLOCK_NOISE_MS) return;
  // The header cuts to the whole second: the server's moment lies within it, on average halfway.
  const measured = serverSecond + 500 - (sentAt + receivedAt) / 2;
  offsetMs = Math.abs(measured) < CLOCK_NOISE_MS ? 0 : measured;
}

/** Now, by the server's clock as far as this device knows it. */
export function serverNow(): Date {
  return new Date(Date.now() + offsetMs);
}
