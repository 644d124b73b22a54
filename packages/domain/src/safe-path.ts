/**
 * Only a path inside this app may be stored and opened: one leading slash, no scheme, no
 * protocol-relative `//host`, no backslashes (browsers read `/\host` as another host).
 */
export function isSafeInitialPath(path: string | undefined | null): path is string {
  if (typeof path !== 'string' || path.length === 0 || path.length > 2048) return false;
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  if (path.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex -- control characters never belong in a path
  return !/[\u0000-\u001f\u007f]/.test(path);
}
