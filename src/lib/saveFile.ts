/**
 * Hands a file to the browser as a download under `name` (spec §2 Calls History: a recording
 * is saved as .wav, the export as calls_history-{date}.csv). `content` is a Blob or a URL the
 * page already holds (an object URL).
 */
export function saveFile(name: string, content: Blob | string): void {
  const url = typeof content === 'string' ? content : URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download once click() returns; a made-up URL can go.
  if (typeof content !== 'string') setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
