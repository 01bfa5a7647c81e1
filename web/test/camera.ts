import { vi } from 'vitest';

/**
 * A camera for component tests: `navigator.mediaDevices.getUserMedia` answers when the test says
 * (`grant` a 1280x720 stream, or `deny`). jsdom has neither a camera nor a canvas.
 */
export function fakeCamera() {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  let grant!: () => void;
  let deny!: (error: unknown) => void;
  const answer = new Promise<MediaStream>((resolve, reject) => {
    grant = () => resolve(stream);
    deny = reject;
  });
  const getUserMedia = vi.fn(() => answer);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(1280);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(720);
  return {
    track,
    stream,
    getUserMedia,
    grant: async () => {
      grant();
      await answer;
    },
    deny: async (error: unknown) => {
      deny(error);
      await answer.catch(() => undefined);
    },
  };
}

/** A 2D canvas whose JPEG is `photo`. */
export function fakeCanvas() {
  const photo = 'data:image/jpeg;base64,/9j/ZmFrZQ==';
  const drawImage = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
  const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(photo);
  return { photo, drawImage, toDataURL };
}
