/**
 * The route contract: every endpoint is declared once with this shape (functions/<group>/routes.ts) and
 * bound to its handler in the group's Lambda entry. The registry (functions/registry.ts) collects the
 * contracts; the routers, the CDK stack, the local runtime and the OpenAPI document are derived from it.
 * Contracts import nothing but valibot, so the stack and the docs can load them without the AWS SDK.
 */
import type * as v from 'valibot';
import type { AdminSession, TenantSession } from '../auth/session-types.js';
import type { LimitSetting } from '../domain/settings.js';
import type { WebhookVerifierName } from './webhook-verifiers.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type RoleName = 'super_admin' | 'landlord' | 'svc_rep' | 'housekeeper';

export type Auth =
  | { readonly kind: 'public' }
  /** A tenant session is required (401 without). */
  | { readonly kind: 'tenant' }
  /** A tenant session is loaded when present. */
  | { readonly kind: 'optionalTenant' }
  /** An admin session with one of these roles is required (401 without a session, 403 for another role). */
  | { readonly kind: 'admin'; readonly roles: readonly RoleName[] }
  /**
   * An inbound webhook: the named verifier, which the group's handler.ts gives createHttpHandler
   * (`webhookVerifiers`; shared/http/webhook-verifiers.ts), checks the signature over the raw body before
   * anything else reads it (400 without a well-formed signature, 401 for a wrong one).
   */
  | { readonly kind: 'webhook'; readonly verifier: WebhookVerifierName }
  /**
   * The payment script: the double-submit CSRF token must match its cookie (shared/auth/csrf.ts; 403); a
   * tenant session is loaded when present (`tenant`), for a route that acts for the session's tenant.
   */
  | { readonly kind: 'csrf'; readonly tenantSession?: 'optional' };

/**
 * A limit the pipeline counts in the table before validation (shared/http/rate-limit.ts): more than `limit`
 * requests of one subject within `windowSeconds` are 429. The subject is the client IP, the IP and a body
 * field, or a body field alone, across IPs (trimmed, lower-cased; a request without a usable value of the
 * field is not counted by this limit), or the client IP counting only the requests whose body has a usable
 * value of the field (`ipWhenBodyField`: the quotes that carry a coupon code), or the signed-in tenant
 * (`tenant`: a request without a tenant session is not counted, and the session check answers it).
 */
export interface RateLimit {
  /** Names the counter (`RATE#<scope>#<subject>`): keep it stable, open windows are keyed by it. */
  readonly scope: string;
  /** The count allowed per window; with `setting`, its default. */
  readonly limit: number;
  /** The site setting that holds the count (an operator's value wins over `limit`; docs/decisions.md). */
  readonly setting?: LimitSetting;
  readonly windowSeconds: number;
  readonly key:
    | 'ip'
    | 'tenant'
    | { readonly ipAndBodyField: string }
    | { readonly bodyField: string }
    | { readonly ipWhenBodyField: string };
  /** The 429's detail. */
  readonly detail?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: valibot's own generic bound for "any schema"; outputs are re-typed through InferOutput.
export type AnySchema = v.GenericSchema<any, any>;

export interface RouteContract<
  A extends Auth = Auth,
  P extends AnySchema | undefined = AnySchema | undefined,
  Q extends AnySchema | undefined = AnySchema | undefined,
  B extends AnySchema | undefined = AnySchema | undefined,
  R extends AnySchema | undefined = AnySchema | undefined,
  T extends string | undefined = string | undefined,
  Bin extends string | undefined = string | undefined,
> {
  /** Stable id, `<controller>.<action>`; also the OpenAPI operationId. */
  readonly id: string;
  /** The Lambda that serves it (one folder under functions/). */
  readonly group: string;
  readonly method: HttpMethod;
  /** The legacy path; `{name}` may stand inside a segment (`{id}.json`). */
  readonly path: string;
  /** Other paths with the same behaviour (the spec's singular `/property/{id}.json` aliases). */
  readonly aliasPaths?: readonly string[];
  readonly summary: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly auth: A;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  /** alias → field; the alias is accepted in place of the field (spec convention 4). */
  readonly aliases?: {
    readonly query?: Readonly<Record<string, string>>;
    readonly body?: Readonly<Record<string, string>>;
  };
  /**
   * The success body: the OpenAPI document shows it, the HTTP tests check every answer against it, and the
   * handler's `body` is typed from it (`ReplyOf`). It describes the JSON sent, so its input type is what a
   * handler must answer (the spec leaves many response shapes open: such routes describe them loosely).
   */
  readonly response?: R;
  /**
   * The success answer's media type when it is text, not JSON (the iCal feed's `text/calendar`): the handler
   * then answers `text` (typed from `response`) instead of `body`, and the answer carries this Content-Type.
   */
  readonly textResponse?: T;
  /**
   * The success answer's media type when it is binary (the owner statement's `application/pdf`): the handler
   * answers `bytes`, which the pipeline sends base64-encoded (`isBase64Encoded`) with this Content-Type; the
   * REST API lists the type in its binaryMediaTypes so the gateway sends the bytes, and the document shows a
   * `string`/`binary` body. No `response` schema: there is no JSON to check.
   */
  readonly binaryResponse?: Bin;
  readonly successStatus?: number;
  /** Error statuses the spec lists for the endpoint, with their meaning (docs). */
  readonly errors?: Readonly<Record<number, string>>;
  /** Public and cacheable: `Cache-Control: public, max-age=600` and the API stage cache. */
  readonly cache?: boolean;
  /**
   * Set on endpoints the interface spec does not list (admin writes for content, logout …): why it exists.
   * The registry test requires it exactly on the routes missing from the spec's tables.
   */
  readonly beyondSpec?: string;
  /** Counted before validation, in this order; the handler may forgive a subject (`rateLimits.forgive`). */
  readonly rateLimits?: readonly RateLimit[];
  /**
   * Honours `Idempotency-Key` (shared/http/idempotency.ts): a repeat answers the first answer again. Records
   * are kept 24 hours; tests may shorten that.
   */
  readonly idempotency?: true | { readonly expiresAfterSeconds: number };
}

type Out<S> = S extends AnySchema ? v.InferOutput<S> : Record<string, never>;

type SessionOf<A extends Auth> = A extends { kind: 'admin' }
  ? { admin: AdminSession }
  : A extends { kind: 'tenant' }
    ? { tenant: TenantSession }
    : A extends { kind: 'optionalTenant' } | { kind: 'csrf'; tenantSession: 'optional' }
      ? { tenant: TenantSession | undefined }
      : unknown;

export interface RequestMeta {
  requestId: string;
  ip: string;
  headers: Readonly<Record<string, string | undefined>>;
  cookies: Readonly<Record<string, string>>;
  /** The request's arrival time; domain code takes "now" from here so tests and handlers agree. */
  now: Date;
  /** The body exactly as received ('' when none), for signature checks over it. */
  rawBody: string;
  /** The subjects the route's rate limits counted for this request. */
  rateLimits: CountedLimits;
}

export interface CountedLimits {
  /** Forgets the counted subject's windows of `scope` (a successful login forgives earlier failures). */
  forgive(scope: string): Promise<void>;
}

export type HandlerInput<C> =
  C extends RouteContract<infer A, infer P, infer Q, infer B>
    ? { params: Out<P>; query: Out<Q>; body: Out<B> } & SessionOf<A> & RequestMeta
    : never;

interface ReplyOptions {
  /** Another status than the contract's `successStatus` (default 200). */
  status?: number;
  headers?: Record<string, string>;
  cookies?: string[];
}

/** An answer as the pipeline sends it (shared/http/create-handler.ts); handlers are typed by `ReplyOf`. */
export interface Reply extends ReplyOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** A body sent as it is instead of JSON (the iCal feed), with the contract's `textResponse` Content-Type. */
  text?: string;
  /** A binary body (the owner statement PDF), with the contract's `binaryResponse` Content-Type. */
  bytes?: Uint8Array;
}

/**
 * What a route's handler answers: a binary route (`binaryResponse`) its `bytes`; a text route (`textResponse`)
 * its `text`; a JSON route with a `response`
 * schema a `body` the schema accepts as input (the JSON sent: InferInput, not the output of a transform in
 * it), read-only parts allowed; a route without `response` anything.
 */
export type ReplyOf<C> =
  C extends RouteContract<
    Auth,
    AnySchema | undefined,
    AnySchema | undefined,
    AnySchema | undefined,
    infer R,
    infer T,
    infer Bin
  >
    ? Bin extends string
      ? ReplyOptions & { bytes: Uint8Array; body?: never; text?: never }
      : T extends string
        ? ReplyOptions & { text: In<R, string>; body?: never; bytes?: never }
        : R extends AnySchema
          ? ReplyOptions & { body: Answered<v.InferInput<R>>; text?: never; bytes?: never }
          : Reply
    : never;

type In<S, Otherwise> = S extends AnySchema ? v.InferInput<S> : Otherwise;

/** The answer is only serialised: a handler may give read-only arrays and objects. */
type Answered<T> = T extends object ? { readonly [K in keyof T]: Answered<T[K]> } : T;

export type RouteHandler<C> = (input: HandlerInput<C>) => Promise<ReplyOf<C>>;

export interface BoundRoute {
  readonly contract: RouteContract;
  readonly handle: (input: Record<string, unknown>) => Promise<Reply>;
}

/** Declares a contract; only a typing aid, the object is returned as given. */
export function defineRoute<
  const A extends Auth,
  P extends AnySchema | undefined = undefined,
  Q extends AnySchema | undefined = undefined,
  B extends AnySchema | undefined = undefined,
  R extends AnySchema | undefined = undefined,
  T extends string | undefined = undefined,
  Bin extends string | undefined = undefined,
>(contract: RouteContract<A, P, Q, B, R, T, Bin>): RouteContract<A, P, Q, B, R, T, Bin> {
  return contract;
}

/** Binds a handler to its contract, checked against the contract's schemas and auth. */
export function bind<C extends RouteContract>(contract: C, handler: RouteHandler<C>): BoundRoute {
  return { contract, handle: handler as unknown as BoundRoute['handle'] };
}

export function allPaths(contract: RouteContract): string[] {
  return [contract.path, ...(contract.aliasPaths ?? [])];
}

/** `/API/{controller}/V1/...` → controller; the API Gateway resources are made per controller. */
export function controllerOf(path: string): string {
  const segments = path.split('/');
  return segments[1] === 'API' && segments[3] === 'V1' ? (segments[2] ?? '') : (segments[2] ?? path);
}
