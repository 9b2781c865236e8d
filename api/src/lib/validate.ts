/**
 * zod validation for route inputs. Failures answer 400 problem+json listing every field with the
 * schema's message (the exact texts of docs/product/validation-messages.md live in the shared schemas), never a 500.
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { problem } from './problem';

export function toFieldErrors(issues: readonly z.core.$ZodIssue[]) {
  return issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)',
    message: issue.message,
  }));
}

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const errors = toFieldErrors(result.error.issues);
      const detail = errors.map((error) => `${error.field}: ${error.message}`).join('; ');
      return problem(c, 400, 'validation_failed', detail, errors);
    }
  });
}
