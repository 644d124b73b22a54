/**
 * Saves text the API answered as a file, without leaving the page: a Blob behind an object URL,
 * opened by a link with `download` (the batch file arrives as text, not behind a download link).
 */
export function saveTextFile(content: string, fileName: string, contentType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: contentType || 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the data to the browser's download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
