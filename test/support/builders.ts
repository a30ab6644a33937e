/**
 * Builders of the records most tests need, made through the API as a user would (so they pass the same rules):
 * a property (VR or LTR), a tenant (admin-created, or registered and activated), an admin session of a role and
 * a signed-in tenant session. Each takes overrides; names and e-mails are unique.
 */
import { type AdminName, Client, latestMailTo, signedIn, unique } from './client.js';

type Body = Record<string, unknown>;

/** A unique e-mail address; `tag` says which test made it. */
export const uniqueEmail = (tag = 'test') =>
  `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.test`;

/** The body of a valid VR property create, with overrides. */
export const vrPropertyBody = (overrides: Body = {}): Body => ({
  type: 'vr',
  propertyName: unique('VR'),
  propertyDesc: 'A test VR property',
  propertyRate: '150.00',
  ...overrides,
});

/** The body of a valid LTR property create, with overrides. */
export const ltrPropertyBody = (overrides: Body = {}): Body => ({
  type: 'ltr',
  propertyName: unique('LTR'),
  propertyDesc: 'A test LTR property',
  propertyRate: '1200',
  latePenalty: '50',
  propertyDeposit: '1200',
  ...overrides,
});

/** An admin session of a role (the fixture's admins: test/fixtures/base.json). */
export const adminSession = (who: AdminName): Promise<Client> => signedIn(who);

const sessionOf = async (by: Client | AdminName) => (typeof by === 'string' ? await adminSession(by) : by);

/** Creates a property through the admin API (as super unless `by` says otherwise) and returns its id. */
export async function createProperty(body: Body, by: Client | AdminName = 'super'): Promise<number> {
  const res = await (await sessionOf(by)).post('/API/adminProperties/V1/properties.json', body);
  if (res.status !== 201) throw new Error(`property create failed: ${res.status} ${res.text}`);
  return res.body.propertyId as number;
}

export const createVrProperty = (overrides: Body = {}, by: Client | AdminName = 'super') =>
  createProperty(vrPropertyBody(overrides), by);

export const createLtrProperty = (overrides: Body = {}, by: Client | AdminName = 'super') =>
  createProperty(ltrPropertyBody(overrides), by);

export interface BuiltTenant {
  tenantId: number;
  tenantEmail: string;
  tenantFirstName: string;
  tenantLastName: string;
  password: string;
  [field: string]: unknown;
}

/** A tenant created by an admin (inactive unless `isActive: 1` is given), as super unless `by` says otherwise. */
export async function createTenant(
  overrides: Body = {},
  by: Client | AdminName = 'super',
): Promise<BuiltTenant> {
  const body = {
    tenantEmail: uniqueEmail('admin-made'),
    tenantFirstName: unique('First').replace(' ', ''),
    tenantLastName: 'Made',
    password: 'admin-set-password',
    ...overrides,
  };
  const res = await (await sessionOf(by)).post('/API/adminTenants/V1/tenants.json', body);
  if (res.status !== 201) throw new Error(`tenant create failed: ${res.status} ${res.text}`);
  return { ...body, tenantId: (res.body as { tenantId: number }).tenantId } as BuiltTenant;
}

/** A tenant who registered and followed the activation link mailed to them; returns the e-mail and password. */
export async function registeredTenant(overrides: Body = {}): Promise<{ email: string; password: string }> {
  const body = {
    tenantFirstName: 'Rita',
    tenantLastName: 'Register',
    tenantEmail: uniqueEmail('registered'),
    password: 'a-good-password',
    password2: 'a-good-password',
    ...overrides,
  };
  const email = String(body.tenantEmail);
  const res = await new Client().post('/API/publicAuth/V1/register.json', body);
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${res.text}`);
  const mail = await latestMailTo(email);
  const link = mail.body.text?.match(/https?:\/\/\S+activate\.json\?\S+/)?.[0];
  if (!link) throw new Error(`no activation link in: ${mail.body.text}`);
  const url = new URL(link);
  const activated = await new Client().get(`${url.pathname}${url.search}`);
  if (activated.status !== 200) throw new Error(`activate failed: ${activated.status} ${activated.text}`);
  return { email, password: String(body.password) };
}

/** A client signed in as the tenant with these credentials. */
export async function tenantSession(credentials: { email: string; password: string }): Promise<Client> {
  const client = new Client();
  const res = await client.post('/API/publicAuth/V1/login.json', credentials);
  if (res.status !== 200) throw new Error(`tenant login failed: ${res.status} ${res.text}`);
  return client;
}

/** A fresh active tenant (admin-created) and a client signed in as them. */
export async function signedInTenant(overrides: Body = {}) {
  const tenant = await createTenant({ isActive: 1, ...overrides });
  const client = await tenantSession({ email: tenant.tenantEmail, password: tenant.password });
  return { tenant, client };
}
