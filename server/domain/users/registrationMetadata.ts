/**
 * Registration's free-form marketing metadata is stored with the account as it comes, so its
 * size is capped (issue 15, finding 11: 0.9 MB was accepted): at most 2 KB once written as JSON,
 * which holds any real set of campaign parameters.
 */
export const METADATA_MAX_BYTES = 2048;

export const METADATA_TOO_LARGE = `Field metadata must be at most ${METADATA_MAX_BYTES} bytes as JSON.`;

/** True when the metadata, as the database would store it, is over METADATA_MAX_BYTES. */
export function metadataTooLarge(metadata: unknown): boolean {
  return metadata !== undefined && Buffer.byteLength(JSON.stringify(metadata), 'utf8') > METADATA_MAX_BYTES;
}
