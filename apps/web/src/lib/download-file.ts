/**
 * Starts the download of a file at `url` without leaving the page: a link with `download` that is
 * clicked once. Used for the single-use PDF links the server answers as attachments.
 */
export function downloadFile(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** A link the API answered, made absolute against the API's origin (not the page's, with ?api=). */
export function apiLink(baseUrl: string, link: string): string {
  return /^https?:\/\//.test(link) ? link : `${baseUrl}${link}`;
}
