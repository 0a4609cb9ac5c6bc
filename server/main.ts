// The server's entry: Node's compile cache and the module-resolution shortcut first,
// then the server itself, imported only once both are in place (decision 0020).
import { enableCompileCache } from 'node:module';
import path from 'node:path';

// Compiled code of every module, kept on disk between starts; a start that cannot write
// there just compiles as before. `npm run serve` sets NODE_COMPILE_CACHE, which enables it
// before this very file is read (its TypeScript stripped, which loads the stripper: about
// 50 ms); started another way, the system's temporary folder keeps it from here on.
enableCompileCache();
await import('./fast-resolve.ts');

// A new embedded database is made (initdb, in a worker thread) while the rest loads.
const { loadConfig } = await import('./config.ts');
const { prepareFolder } = await import('./db/pglite-folder.ts');
try {
  const config = loadConfig(process.env);
  // Awaited again when the database opens; a failure is reported there.
  if (!config.databaseUrl) prepareFolder(path.resolve(config.dataDir)).catch(() => {});
} catch {
  // A bad configuration is reported by start.ts, with its message.
}
await import('./start.ts');
