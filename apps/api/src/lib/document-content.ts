import { AppError, IMAGE_TYPES, type DocumentKind, type DocumentType } from '@wattdesk/shared';

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

/**
 * The type of an upload from its first bytes (magic numbers), whatever its name or the browser claims:
 * a renamed executable is none of these.
 */
export const sniffDocumentType = (bytes: Buffer): DocumentType | undefined => {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'; // RIFF....WEBP
  return undefined;
};

/** A decompression bomb (a small file of billions of pixels) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;
const THUMBNAIL_EDGE = 320;

export type PreparedDocument = { contentType: DocumentType; body: Buffer; thumbnail: Buffer | undefined };

const typeRefused = (kind: DocumentKind, detail?: string) =>
  new AppError('DOCUMENT_TYPE_REFUSED', {
    messages: [
      'Unable to upload your document',
      detail ?? (kind === 'photo' ? 'A photo must be a PNG, JPEG or WebP image' : 'Only PDF, PNG, JPEG and WebP files can be uploaded'),
    ],
  });

/**
 * Checks an upload and makes what is stored: a PDF as it came; an image decoded and encoded again
 * (which drops anything hidden after or inside it, EXIF location included, and turns it upright),
 * with a WebP thumbnail.
 */
export const prepareDocument = async (kind: DocumentKind, bytes: Buffer): Promise<PreparedDocument> => {
  const contentType = sniffDocumentType(bytes);
  if (!contentType || (kind === 'photo' && !IMAGE_TYPES.includes(contentType))) throw typeRefused(kind);
  if (contentType === 'application/pdf') return { contentType, body: bytes, thumbnail: undefined };
  // Imported by the first image: sharp weighs about 20 MiB of an idle server's memory.
  const { default: sharp } = await import('sharp');
  try {
    const image = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const encoded =
      contentType === 'image/png'
        ? image().png({ compressionLevel: 9 })
        : contentType === 'image/jpeg'
          ? image().jpeg({ quality: 85, mozjpeg: true })
          : image().webp({ quality: 85 });
    const thumbnail = image().resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 });
    const [body, thumb] = await Promise.all([encoded.toBuffer(), thumbnail.toBuffer()]);
    return { contentType, body, thumbnail: thumb };
  } catch {
    // The first bytes said image, but it does not decode: damaged, truncated or disguised.
    throw typeRefused(kind, 'The image could not be read; it may be damaged');
  }
};

/** A display name from the uploader's file name: no folders, no control characters, a sane length. */
export const documentName = (filename: string | undefined, maxLength: number): string => {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'document').slice(0, maxLength);
};
