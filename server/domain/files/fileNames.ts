/**
 * The name a file is listed under: the part's filename without any directory (some browsers
 * and tools send a path), control characters or surrounding spaces, at most 255 characters.
 * Otherwise kept as the user named it, because the SPA finds its upload in the answer by
 * filename (spec §7 POST /user/files). Empty names become "file".
 */
export function displayFilename(partFilename: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const base = (partFilename ?? '').split(/[/\\]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base === '' ? 'file' : base.slice(0, 255);
}

/**
 * The last segment of a file's public URL: the name's stem reduced to letters, digits, `_` and
 * `-` (at most 60), then the extension of the detected type, e.g. "My Logo (1).PNG" as a PNG →
 * "My-Logo-1.png". Safe in any URL and any Content-Disposition without escaping.
 */
export function urlFilename(filename: string, extension: string): string {
  const stem = filename
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // é → e
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${stem || 'file'}.${extension}`;
}
