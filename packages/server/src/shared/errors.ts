import { ErrorCode, serverMessages, type ErrorBody, type ServerMessageKey } from '@podium/protocol';
import type { z } from 'zod';

/** An error meant for the client: its status, code and message are sent as they are. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly key: string | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { key?: string; fields?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.key = options.key;
    this.fields = options.fields;
  }

  static fromKey(status: number, code: string, key: ServerMessageKey): AppError {
    return new AppError(status, code, serverMessages[key], { key });
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.key ? { key: this.key } : {}),
        ...(this.fields ? { fields: this.fields } : {}),
      },
    };
  }
}

export const forbidden = () => AppError.fromKey(403, ErrorCode.Forbidden, 'errors.permission');
export const unauthorized = () =>
  AppError.fromKey(401, ErrorCode.Unauthorized, 'errors.unauthorized');
export const notFound = (message: string = serverMessages['errors.not_found']) =>
  new AppError(404, ErrorCode.NotFound, message, { key: 'errors.not_found' });

/** Turns a zod failure into the field map of the error shape. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
