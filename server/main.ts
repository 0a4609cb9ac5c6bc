// The server's entry: the module-resolution shortcut first, then the server itself,
// imported only once the shortcut is in place.
import './fast-resolve.ts';

await import('./start.ts');
