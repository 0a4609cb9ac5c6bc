// npm's postinstall: the installation's copy of initdb's output (server/db/pglite-folder.ts),
// made at install so that even the first start on an empty data folder only copies it.
// Without it (a read-only installation), the first new folder makes it, or its own.
import { initdbTemplate } from '../server/db/pglite-folder.ts';

const made = await initdbTemplate();
console.log(made ? `Embedded database template: ${made}` : 'No embedded database template kept');
