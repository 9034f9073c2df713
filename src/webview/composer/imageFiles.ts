/** Images for the next message: which files Zero accepts (docs/zero-exec.md §8), read as base64. */
import type { SentImage } from '../../messages/protocol';

export const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** Zero's per-image limit: 10 MiB decoded. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Why Zero would refuse this file, in words; null when it is fine. */
export function imageProblem(file: File): string | null {
  const type = mediaTypeOf(file);
  if (!type) return `"${file.name || 'The pasted file'}" is not an image Zero accepts: use PNG, JPEG, GIF or WebP.`;
  if (file.size > MAX_IMAGE_BYTES)
    return `"${file.name || 'The pasted image'}" is ${(file.size / 1024 / 1024).toFixed(1)} MiB: images can be at most 10 MiB.`;
  return null;
}

function mediaTypeOf(file: File): string | null {
  if (IMAGE_TYPES.has(file.type)) return file.type;
  if (file.type) return null;
  return BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}

/** The file as Zero's `{mediaType, data}` (plain base64, no `data:` prefix) plus a data URL for the thumbnail. */
export function readImage(file: File): Promise<{ image: SentImage; url: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error(`Could not read "${file.name}".`));
    reader.onload = () => {
      const url = String(reader.result);
      const comma = url.indexOf(',');
      resolve({
        image: {
          mediaType: mediaTypeOf(file) ?? file.type,
          data: url.slice(comma + 1),
          name: file.name || 'pasted image',
        },
        url,
      });
    };
    reader.readAsDataURL(file);
  });
}
