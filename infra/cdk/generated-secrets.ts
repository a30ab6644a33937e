/**
 * How the stack generates each secret's first value (constructs/app-secrets.ts), and how the doctor tells such
 * a value from one an operator put in: a generated value is a placeholder for the secrets another party
 * issues (Stripe's key, the accounting app's client secret). No CDK import: the deploy scripts load it.
 */
export const GENERATED_SECRET = { passwordLength: 48, excludePunctuation: true } as const;

/** Letters and digits only, of the generated length: what CloudFormation put there at create. */
export const isGeneratedValue = (value: string): boolean =>
  new RegExp(`^[A-Za-z0-9]{${GENERATED_SECRET.passwordLength}}$`).test(value);
