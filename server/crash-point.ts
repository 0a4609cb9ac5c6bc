/**
 * Named points between the writes and effects of a command, where the crash tests
 * (test/server/crash.test.ts) kill the server: with CRASH_AT=<name> in its environment,
 * outside production, the process sends itself SIGKILL on reaching that point, as a
 * power cut or the OOM killer would end it: no handler runs, no transaction commits.
 * The log lines before the point are written first: the tests read them as the record
 * of what the process did (a real kill may lose the last turn's lines, decision 0038).
 */
import { flushLogs } from './logger.ts';

const target = process.env.NODE_ENV === 'production' ? undefined : process.env.CRASH_AT;

export type CrashPointName =
  // Checkout start: the row committed, the provider's hosted page, the address saved.
  | 'checkout-before-provider'
  | 'checkout-after-provider'
  | 'checkout-committed'
  // Settlement: a verified webhook, its transaction before and after commit.
  | 'settlement-received'
  | 'settlement-before-commit'
  | 'settlement-committed'
  // Renewal: the sweep's checkout and job, the charge job around the provider call.
  | 'renewal-committed'
  | 'charge-before-provider'
  | 'charge-after-provider'
  | 'charge-settled'
  // Account removal: inside its transaction and after it.
  | 'removal-in-transaction'
  | 'removal-committed'
  // An invoice request: committed with its mail job, the mail not sent yet.
  | 'invoice-committed'
  // Sign-up confirmation: the code checked (its try counted), then its transaction.
  | 'signup-code-checked'
  | 'signup-confirm-in-transaction';

export function crashPoint(name: CrashPointName): void {
  if (target !== name) return;
  flushLogs();
  process.kill(process.pid, 'SIGKILL');
}
