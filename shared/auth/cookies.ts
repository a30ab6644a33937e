/** Session cookies: HttpOnly, Secure, SameSite=Lax, Path=/ (DESIGN.md "Identity and sessions"). */
export const ADMIN_COOKIE = 'pm_admin_session';
export const TENANT_COOKIE = 'pm_tenant_session';

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name && !(name in cookies)) cookies[name] = value;
  }
  return cookies;
}

export function sessionCookie(name: string, token: string, maxAgeSeconds: number): string {
  return `${name}=${token}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; Secure; SameSite=Lax`;
}

export function clearedCookie(name: string): string {
  return `${name}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`;
}
