import { defineConfig } from 'drizzle-kit';

// Generation only needs the schema; the server applies the SQL itself at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
