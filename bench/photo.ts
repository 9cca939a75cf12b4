import sharp from 'sharp';

/** A photo-like JPEG: smooth colour fields (noise scaled up), so it compresses like a real picture. */
export async function photo(width: number, height: number): Promise<Buffer> {
  const coarse = await sharp({
    create: {
      width: Math.ceil(width / 8),
      height: Math.ceil(height / 8),
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(coarse).resize(width, height, { kernel: 'cubic' }).jpeg({ quality: 90 }).toBuffer();
}
