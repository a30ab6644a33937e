/** The CDK app (cdk.json "app"): `npx cdk synth`, `npx cdk deploy -c stage=prod`. See docs/cloud-stack.md. */
import { buildApp } from './build-app.js';

buildApp();
