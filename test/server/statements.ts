import pg from 'pg';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { DatabaseHandle } from '../../server/db/client.ts';

/** What a transaction's bounds and the session cache's settle send: not a read of data. */
const BOOKKEEPING = /^\s*(begin|commit|rollback|savepoint|release|select 1\s*$)/i;

/**
 * Counts the SQL statements the app sends to its database while `count` runs, at the
 * driver: PGlite's client (and the transactions it opens), or every node-postgres client
 * on PostgreSQL. The job queue's own statements (schema `pgboss`) and a transaction's
 * bounds are left out; everything still runs on the real database.
 */
export function statementCounter(handle: DatabaseHandle): {
  count<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
  restore(): void;
} {
  const statements: string[] = [];
  let counting = false;
  const note = (text: unknown) => {
    if (!counting || typeof text !== 'string') return;
    if (BOOKKEEPING.test(text) || text.includes('pgboss')) return;
    statements.push(text);
  };
  let restore: () => void;
  if ('pglite' in handle.jobsTarget) {
    const client: PGlite = handle.jobsTarget.pglite;
    const query = client.query.bind(client);
    const transaction = client.transaction.bind(client);
    const counted: PGlite['query'] = (text, ...rest) => {
      note(text);
      return query(text, ...rest);
    };
    const countedTransaction = <T>(work: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        const inner: Transaction['query'] = (text, ...rest) => {
          note(text);
          return txQuery(text, ...rest);
        };
        return work(Object.assign(tx, { query: inner }));
      });
    Object.assign(client, { query: counted, transaction: countedTransaction });
    restore = () => Object.assign(client, { query, transaction });
  } else {
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const query = prototype.query;
    prototype.query = function (this: unknown, ...args: unknown[]) {
      const [first] = args;
      note(typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text);
      return query.apply(this, args);
    };
    restore = () => void (prototype.query = query);
  }
  return {
    async count(work) {
      statements.length = 0;
      counting = true;
      try {
        const result = await work();
        return { result, statements: [...statements] };
      } finally {
        counting = false;
      }
    },
    restore: () => restore(),
  };
}
