import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RequestFacts } from './http/request-log.ts';
import type { JobOutcome } from './jobs/queue.ts';
import { MAIL_QUEUE } from './mail/send.ts';

/** Jobs waiting (`created`, `retry`) and running (`active`) per queue. */
export type QueueDepth = { queue: string; state: string; count: number }[];

/** What the metrics read when scraped: each part the process has. */
export type MetricSources = {
  /** node-postgres' pool: connections in all, idle, and callers waiting for one. */
  pool?: () => { total: number; idle: number; waiting: number };
  queueDepth?: () => Promise<QueueDepth>;
  sessionCache?: () => { hits: number; misses: number };
};

/** The sign-in outcome of an answer to POST /api/auth/login/. */
function signInOutcome(status: number): string {
  if (status < 300) return 'success';
  if (status === 429) return 'throttled';
  if (status >= 500) return 'error';
  return 'refused';
}

const SIGN_IN_ROUTE = '/api/auth/login/';

/**
 * The server's Prometheus metrics, in a registry of their own (one per app, so tests may
 * make many): request durations by route pattern and status, the database pool, the job
 * queues' depth, jobs' outcomes per queue, the session cache's hits, sign-in outcomes,
 * and mails sent and failed. Served at /metrics (server/metrics-routes.ts).
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #sources: MetricSources = {};
  readonly #requests: Histogram<'method' | 'route' | 'status'>;
  readonly #jobs: Counter<'queue' | 'outcome'>;
  readonly #signIns: Counter<'outcome'>;
  readonly #mails: Counter<'outcome'>;

  constructor() {
    const registers = [this.registry];
    this.#requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.#jobs = new Counter({
      name: 'jobs_total',
      help: 'Job runs by queue and outcome: completed, retried (a try failed, another comes), failed (the last try failed)',
      labelNames: ['queue', 'outcome'],
      registers,
    });
    this.#signIns = new Counter({
      name: 'sign_ins_total',
      help: 'Password sign-ins by outcome: success, refused (wrong or unknown), throttled, error',
      labelNames: ['outcome'],
      registers,
    });
    this.#mails = new Counter({
      name: 'mails_total',
      help: 'Mails by outcome: sent, retried (a try failed), failed (given up)',
      labelNames: ['outcome'],
      registers,
    });
    const sources = this.#sources;
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state: total, idle, waiting (callers waiting for one); absent with the embedded database',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = sources.pool?.();
        if (!stats) return;
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    });
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs per queue by state: created and retry (waiting), active (running)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        const depth = await sources.queueDepth?.();
        if (!depth) return;
        this.reset();
        for (const { queue, state, count } of depth) this.set({ queue, state }, count);
      },
    });
    new Counter({
      name: 'session_cache_lookups_total',
      help: 'Session cache lookups by result: hit, miss',
      labelNames: ['result'],
      registers,
      collect() {
        const lookups = sources.sessionCache?.();
        if (!lookups) return;
        this.reset();
        this.inc({ result: 'hit' }, lookups.hits);
        this.inc({ result: 'miss' }, lookups.misses);
      },
    });
  }

  /** Adds what the process can tell when scraped. */
  watch(sources: MetricSources): this {
    Object.assign(this.#sources, sources);
    return this;
  }

  /** Watches the app's parts: its database pool (where it has one), queue and session cache. */
  watchApp(parts: {
    poolStats?: MetricSources['pool'] | undefined;
    jobs: { depth?(): Promise<QueueDepth> };
    sessionCache: { readonly lookups: { hits: number; misses: number } };
  }): this {
    return this.watch({
      ...(parts.poolStats ? { pool: parts.poolStats } : {}),
      queueDepth: () => parts.jobs.depth?.() ?? Promise.resolve([]),
      sessionCache: () => parts.sessionCache.lookups,
    });
  }

  /** The process's own (CPU, memory, event loop): once per process, never in tests. */
  withProcessMetrics(): this {
    collectDefaultMetrics({ register: this.registry });
    return this;
  }

  request(facts: RequestFacts): void {
    const status = String(facts.status);
    this.#requests.observe(
      { method: facts.method, route: facts.route, status },
      facts.durationMs / 1000,
    );
    if (facts.method === 'POST' && facts.route === SIGN_IN_ROUTE) {
      this.#signIns.inc({ outcome: signInOutcome(facts.status) });
    }
  }

  job(queue: string, outcome: JobOutcome): void {
    this.#jobs.inc({ queue, outcome });
    if (queue === MAIL_QUEUE)
      this.#mails.inc({ outcome: outcome === 'completed' ? 'sent' : outcome });
  }

  /** The text format Prometheus scrapes. */
  async text(): Promise<{ type: string; body: string }> {
    return { type: this.registry.contentType, body: await this.registry.metrics() };
  }
}
