/**
 * Whether people may be sent to this address (an image, a logo, a report link): an absolute http or https
 * URL, or a path on Tuerca's own site ('/themes/...'). A `javascript:` or `data:` address can never reach a
 * page as a link or an image (issue 20 §9).
 */
export function isWebAddress(value: string): boolean {
  if (/^\/(?![/\\])\S*$/.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
