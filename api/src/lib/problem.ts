/**
 * RFC 9457 problem documents. Every 4xx/5xx the API sends goes through here so clients see one shape:
 * { type, title, status, detail, errors?: [{ field, message }] }.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FieldError } from './app-error';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: FieldError[];
}

export function problemBody(status: number, code: string, detail: string, errors?: FieldError[]): ProblemBody {
  return {
    type: `https://wonderful-books.app/problems/${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    code,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

export function problem(
  c: Context,
  status: number,
  code: string,
  detail: string,
  errors?: FieldError[],
  headers?: Record<string, string>,
) {
  return c.body(JSON.stringify(problemBody(status, code, detail, errors)), status as ContentfulStatusCode, {
    'Content-Type': 'application/problem+json',
    ...headers,
  });
}
