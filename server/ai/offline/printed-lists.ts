import sharp from 'sharp';

/** Test helpers of the offline OCR: photos of printed lists, rendered as SVG text through sharp. */

export interface PrintedList {
  name: string;
  title?: string;
  bullet: string;
  entries: string[];
  font: string;
  size: number;
  /** How the photo is stored: rotated on disk with an EXIF orientation that turns it upright. */
  orientation?: 6;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A camera's JPEG of the list; sideways: the pixels turned, with the EXIF orientation that turns them back. */
export async function photoOf(list: PrintedList): Promise<Buffer> {
  const lines = [...(list.title ? [list.title] : []), ...list.entries.map((entry, index) => `${list.bullet.replace('n', String(index + 1))}${entry}`)];
  const lineHeight = Math.round(list.size * 1.6);
  const height = 80 + lines.length * lineHeight;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="${height}">
    <rect width="100%" height="100%" fill="#f7f4ec"/>
    ${lines.map((line, index) => `<text x="60" y="${70 + index * lineHeight}" font-family="${list.font}" font-size="${list.size}" fill="#222">${escape(line)}</text>`).join('')}
  </svg>`;
  const image = sharp(Buffer.from(svg));
  if (list.orientation) return image.rotate(270).jpeg({ quality: 80 }).withMetadata({ orientation: list.orientation }).toBuffer();
  return image.jpeg({ quality: 80 }).toBuffer();
}

/** The photo as the photo call takes it. */
export const photoData = (photo: Buffer) => `data:image/jpeg;base64,${photo.toString('base64')}`;
