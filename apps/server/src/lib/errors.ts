import { errorCodes, type ErrorCode } from '@burti/shared';

/** The one error type services throw; the error handler turns it into the HTTP answer. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message?: string, fields?: Record<string, string>) {
    super(message ?? errorCodes[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorCodes[code].status;
    this.fields = fields;
  }
}
