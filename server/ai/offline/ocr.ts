import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';

/**
 * Offline OCR with tesseract.js and the English data of @tesseract.js-data/eng, read from
 * node_modules: `langPath` is its `4.0.0_best_int` folder (the integer "best" model: the most
 * accurate that stays fast), `gzip` because the file is `eng.traineddata.gz`, and no cache, so
 * nothing is fetched or written at run time. (tesseract.js's default `langPath` is a CDN: never
 * used here.) One worker per process, started on the first photo (about 0.4 s) and kept.
 */

export interface OcrLine {
  text: string;
  /** Tesseract's confidence in the line, 0 to 100. */
  confidence: number;
}

export interface Ocr {
  /** The lines of text in an image (PNG or JPEG bytes), top to bottom. */
  read(image: Buffer): Promise<OcrLine[]>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
export const OCR_LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng')), '4.0.0_best_int');

export function createOcr(): Ocr {
  let worker: Promise<Worker> | undefined;
  // One recognition at a time: the worker is single-threaded, and queueing here keeps its memory flat.
  let queue: Promise<unknown> = Promise.resolve();

  // A worker that failed to start is forgotten, so the next photo tries again.
  const started = () =>
    (worker ??= createWorker('eng', 1, { langPath: OCR_LANG_PATH, gzip: true, cacheMethod: 'none' }).catch((error: unknown) => {
      worker = undefined;
      throw error;
    }));

  return {
    read(image) {
      const job = queue.then(async () => {
        const { data } = await (await started()).recognize(image, {}, { blocks: true, text: false });
        return (data.blocks ?? []).flatMap((block) =>
          block.paragraphs.flatMap((paragraph) => paragraph.lines.map((line) => ({ text: line.text.trim(), confidence: line.confidence }))),
        );
      });
      queue = job.catch(() => undefined);
      return job;
    },
    async close() {
      const running = worker;
      worker = undefined;
      if (running) await (await running).terminate();
    },
  };
}
