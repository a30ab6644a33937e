/** What every check of the doctor works with: the stage, its settings, the account's clients, its stack. */
import type Stripe from 'stripe';
import type { StackConfig } from '../../cdk/config.js';
import type { AccountClients } from '../aws-clients.js';
import type { DeployedStack } from '../stage-stack.js';

export interface DoctorContext {
  readonly stage: string;
  readonly region: string;
  /** The stage's settings; undefined when synth would refuse them (the context check says why). */
  readonly config?: StackConfig;
  readonly clients: AccountClients;
  /** A Stripe client for a key (the stage's STRIPE_SECRET_KEY). */
  readonly stripe: (key: string) => Stripe;
  /** The stage's stack when it exists (before the first deploy: undefined). */
  readonly stack?: DeployedStack;
}

/** `RentalPm-<stage>`: the stage's stack (infra/cdk/build-app.ts). */
export const stackNameOf = (stage: string) => `RentalPm-${stage}`;

/** Whether the stack has come through a create (its outputs are there to read). */
export const isCreated = (stack: DeployedStack | undefined): boolean =>
  stack !== undefined && /^(CREATE_COMPLETE|UPDATE_|IMPORT_COMPLETE)/.test(stack.status);
