/**
 * The set-password page's address for a link's secret: `<base>/password-reset?token=…` (the
 * web page asks the server what the link is for: a reset or an invitation).
 */
export function passwordLink(baseUrl: string, token: string): string {
  return `${baseUrl}/password-reset?token=${encodeURIComponent(token)}`;
}
