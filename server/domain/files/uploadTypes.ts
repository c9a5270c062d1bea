import { fileTypeFromBuffer } from 'file-type';

/**
 * The pictures a widget can show: the raster formats every browser renders. SVG is refused on
 * purpose: it can carry script, and these files are served from the dashboard's own origin.
 */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);

/** spec §5 Upload, audio: mpeg, wav, wave, x-wav, aiff, x-aiff, x-aifc (file-type names them audio/mpeg, audio/wav, audio/aiff). */
const AUDIO_TYPES = new Set(['audio/mpeg', 'audio/wav', 'audio/aiff']);

/** Sun/NeXT audio (.au, .snd), the container of μ-law ("ulaw", audio/basic) sound. */
const SUN_AUDIO_MAGIC = Buffer.from('.snd', 'latin1');

/** A GSM 06.10 full-rate frame: 33 bytes whose first nibble is the 0xD signature. */
const GSM_FRAME_BYTES = 33;

/**
 * The content type of an upload, read from its bytes (never from its name or the part's
 * declared type), if it is one the widget accepts (spec §5 Upload): an image, or audio in one
 * of the spec's formats. Null for anything else.
 */
export async function detectUploadType(bytes: Uint8Array): Promise<string | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    if (IMAGE_TYPES.has(detected.mime) || AUDIO_TYPES.has(detected.mime)) return detected.mime;
    return null;
  }
  // file-type does not know the two telephony formats of the spec's list: recognize them here.
  if (Buffer.from(bytes.subarray(0, 4)).equals(SUN_AUDIO_MAGIC)) return 'audio/basic';
  if (isRawGsm(bytes)) return 'audio/x-gsm';
  return null;
}

/** Raw GSM has no header; every 33-byte frame starts with the 0xD nibble (libgsm's GSM_MAGIC). */
function isRawGsm(bytes: Uint8Array): boolean {
  if (bytes.length === 0 || bytes.length % GSM_FRAME_BYTES !== 0) return false;
  for (let offset = 0; offset < bytes.length; offset += GSM_FRAME_BYTES) {
    if (bytes[offset]! >> 4 !== 0xd) return false;
  }
  return true;
}

/** The extension the served URL ends with, so a download keeps a sensible name. */
export const EXTENSION_BY_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/aiff': 'aiff',
  'audio/basic': 'au',
  'audio/x-gsm': 'gsm',
};
