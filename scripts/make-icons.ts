import path from 'node:path';
import sharp from 'sharp';

/**
 * Renders the app icons from web/public/logo.svg (run after changing the logo: `node
 * scripts/make-icons.ts`; the PNGs are committed). Maskable icons keep the logo inside the
 * central 80% safe zone on the brand colour, as Android crops them to any shape.
 */
const PUBLIC = path.resolve(import.meta.dirname, '../web/public');
const LOGO = path.join(PUBLIC, 'logo.svg');
const BRAND = '#2f6fed';

async function plain(size: number, name: string): Promise<void> {
  await sharp(LOGO, { density: 300 }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(PUBLIC, name));
}

async function maskable(size: number, name: string): Promise<void> {
  const inner = Math.round(size * 0.8);
  const logo = await sharp(LOGO, { density: 300 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: logo, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(PUBLIC, name));
}

await plain(32, 'favicon-32.png');
await plain(180, 'apple-touch-icon.png');
await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await maskable(512, 'icon-maskable-512.png');
console.log('icons written to', PUBLIC);
