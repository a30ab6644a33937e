/**
 * What each group's Lambda may do beyond reading and writing the table (which every group does: sessions,
 * rate-limit counters and its own records all live there). A group gets a grant, and the environment
 * variables that go with it, only when it is listed here, so a group holds no permission it never uses.
 *
 * test/stack.test.ts bundles every group's handler (esbuild metafile) and checks this table against the
 * shared modules the group actually imports (CAPABILITY_MODULES), so a slice that starts sending mail and
 * forgets its line here fails the test instead of failing in the cloud with AccessDenied.
 */
export interface GroupAccess {
  /** Signs admins in against the Cognito user pool (InitiateAuth, USER_PASSWORD_AUTH). Env: ADMIN_USER_POOL_ID, ADMIN_USER_POOL_CLIENT_ID. */
  readonly adminSignIn?: boolean;
  /** Sends mail through SES with the stack's identity and configuration set. Env: MAIL_FROM, MAIL_CONFIGURATION_SET. */
  readonly sendsMail?: boolean;
  /** Encrypts or decrypts tenant contact fields under the KMS-wrapped data key. Env: DATA_KEY_KMS_KEY_ID. */
  readonly usesDataKey?: boolean;
  /** Signs and checks built-in CAPTCHA tokens. Env: CAPTCHA_SECRET (from Secrets Manager). */
  readonly verifiesCaptcha?: boolean;
}

export type Capability = keyof GroupAccess;

/** The shared module whose presence in a group's bundle means the group needs the capability. */
export const CAPABILITY_MODULES: Readonly<Record<Capability, string>> = {
  adminSignIn: 'shared/auth/admin-directory.ts',
  sendsMail: 'shared/mail.ts',
  usesDataKey: 'shared/crypto/key-source.ts',
  verifiesCaptcha: 'shared/captcha/builtin.ts',
};

export const GROUP_ACCESS: Readonly<Record<string, GroupAccess>> = {
  auth: { adminSignIn: true },
  // Registration sends the activation mail; tenant contact fields are encrypted.
  publicAuth: { sendsMail: true, usesDataKey: true },
  // The admin tenant views and writes decrypt and encrypt contact fields.
  adminTenants: { usesDataKey: true },
  // Contact form and booking accept the built-in CAPTCHA.
  siteContact: { verifiesCaptcha: true },
  publicBooking: { verifiesCaptcha: true },
};

export function accessOf(group: string): GroupAccess {
  return GROUP_ACCESS[group] ?? {};
}
