// The server's entry: Node's compile cache and the module-resolution shortcut first,
// then the server itself, imported only once both are in place (decision 0020).
import { enableCompileCache } from 'node:module';

// Compiled code of every module, kept on disk (the system's temporary folder) between
// starts; a start that cannot write there just compiles as before.
enableCompileCache();
await import('./fast-resolve.ts');
await import('./start.ts');
