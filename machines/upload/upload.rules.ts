import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** What an upload field takes: a widget picture or the waiting audio (spec §5 Upload). */
export type UploadKind = 'image' | 'audio';

/** spec §5 Upload / §9: at most 5MB. The server takes 5,000,000 bytes and refuses 5,000,001. */
export const UPLOAD_LIMIT_BYTES = 5_000_000;

/** spec §5 Upload: the audio types accepted (audio/basic is how browsers name μ-law .au files). */
export const AUDIO_TYPES = [
  'audio/mpeg',
  'audio/wav',
  'audio/wave',
  'audio/x-wav',
  'audio/aiff',
  'audio/x-aiff',
  'audio/x-aifc',
  'audio/gsm',
  'audio/x-gsm',
  'audio/ulaw',
  'audio/basic',
] as const;

/**
 * File-name endings of the accepted audio, for files whose type the browser leaves empty
 * (browsers know no MIME type for .gsm or .ul files on many systems).
 */
const AUDIO_EXTENSIONS = ['mp3', 'wav', 'wave', 'aif', 'aiff', 'aifc', 'gsm', 'ul', 'ulaw', 'au'];

/** The `accept` attribute of a file input of this kind. */
export function acceptOf(kind: UploadKind): string {
  return kind === 'image' ? 'image/*' : AUDIO_TYPES.join(',');
}

/** The facts of a chosen file the rules look at (a browser File has them). */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

export function isAcceptedType(kind: UploadKind, file: ChosenFile): boolean {
  const type = file.type.toLowerCase();
  if (kind === 'image') return type.startsWith('image/');
  if (type) return (AUDIO_TYPES as readonly string[]).includes(type);
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return file.name.includes('.') && AUDIO_EXTENSIONS.includes(extension);
}

export function isWithinSizeLimit(file: ChosenFile): boolean {
  return file.size <= UPLOAD_LIMIT_BYTES;
}

export const uploadMessages = {
  /** spec §5 Upload: the same words for pictures and audio. */
  tooLarge: msg`The image size limit is 5MB.`,
  notAnImage: msg`Choose an image file.`,
  notAnAudioFile: msg`Choose an audio file (MP3, WAV, AIFF, GSM or μ-law).`,
  /** spec §8 WIDGET_UPLOAD_IMAGE_ERROR. */
  pictureUploadFailed: msg`Failed to upload picture.`,
} satisfies Record<string, MessageDescriptor>;
