import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './api/src/db/schema/index.ts',
  out: './api/src/db/migrations',
  casing: 'snake_case',
});
