import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request (or job) whose work is under way: its id follows every log line written
 * for it and every job it sends (server/jobs/queue.ts), which logs it again when it runs.
 */
export type RequestContext = { requestId: string };

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` as part of the request or job `requestId`. */
export const withRequestId = <T>(requestId: string, work: () => T): T =>
  storage.run({ requestId }, work);

/** The id of the request or job under way, if any. */
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** An id a client or proxy may send (X-Request-Id): letters, digits and `._:-`, 8 to 64. */
const SANE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** The incoming id when it is sane, else a new one. */
export const requestIdFrom = (incoming: string | undefined): string =>
  incoming !== undefined && SANE_ID.test(incoming) ? incoming : randomUUID();
