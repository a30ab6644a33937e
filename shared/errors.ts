/**
 * The one error hierarchy. Domain code throws these; one middleware (shared/http/problem.ts) renders them as
 * RFC 9457 problem+json. `expose` says whether `detail` is safe to show: anything that is not an AppError,
 * or is a 5xx, is answered with a generic detail and logged.
 */
export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  readonly status: number;
  readonly title: string;
  readonly expose: boolean;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  /** RFC 9457 extension members: more the caller may read of the problem (e.g. `paidOn`). */
  readonly extensions: Readonly<Record<string, string>> | undefined;

  constructor(
    status: number,
    title: string,
    detail: string,
    options: {
      errors?: FieldError[];
      headers?: Record<string, string>;
      extensions?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.status = status;
    this.title = title;
    this.expose = status < 500;
    this.errors = options.errors;
    this.headers = options.headers;
    this.extensions = options.extensions;
  }
}

export class BadRequest extends AppError {
  constructor(detail: string, errors?: FieldError[]) {
    super(400, 'Bad Request', detail, errors ? { errors } : {});
  }
}

export class Unauthorized extends AppError {
  constructor(detail = 'Authentication required') {
    super(401, 'Unauthorized', detail);
  }
}

export class Forbidden extends AppError {
  constructor(detail = 'Your role does not allow this action') {
    super(403, 'Forbidden', detail);
  }
}

export class NotFound extends AppError {
  constructor(detail = 'Not found') {
    super(404, 'Not Found', detail);
  }
}

export class MethodNotAllowed extends AppError {
  constructor(allow: string[]) {
    super(405, 'Method Not Allowed', `Allowed methods: ${allow.join(', ')}`, {
      headers: { Allow: allow.join(', ') },
    });
  }
}

export class Conflict extends AppError {
  constructor(detail: string) {
    super(409, 'Conflict', detail);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(detail: string) {
    super(413, 'Content Too Large', detail);
  }
}

export class UnsupportedMediaType extends AppError {
  constructor(detail: string) {
    super(415, 'Unsupported Media Type', detail);
  }
}

export class TooManyRequests extends AppError {
  constructor(detail: string, retryAfterSeconds: number, headers: Record<string, string> = {}) {
    super(429, 'Too Many Requests', detail, {
      headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))), ...headers },
    });
  }
}

export class ServiceUnavailable extends AppError {
  constructor(detail: string, headers?: Record<string, string>) {
    super(503, 'Service Unavailable', detail, headers ? { headers } : {});
    // A 503 here is a configuration state the operator must see (e.g. payments not configured), not a crash.
    Object.defineProperty(this, 'expose', { value: true });
  }
}

/** A failure inside the service whose detail must not reach the client. */
export class InternalError extends AppError {
  constructor(detail: string, cause?: unknown) {
    super(500, 'Internal Server Error', detail, { cause });
  }
}
