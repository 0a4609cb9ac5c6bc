import * as v from 'valibot';
import { ErrorListBody, SimpleErrorBody } from '../../contract/errors.ts';

/** One error of section 8: the field it concerns (pointer), its code and text. */
export interface ApiErrorItem {
  code: string;
  detail: string;
  source: { pointer: string };
  status: number;
  url: string;
  useCase: string;
}

/** What every API function throws: the section-8 list of errors of one failed call. */
export class ApiError extends Error {
  readonly items: ApiErrorItem[];
  readonly status: number;
  constructor(items: ApiErrorItem[], status: number) {
    super(items[0]?.detail ?? 'Request failed');
    this.name = 'ApiError';
    this.items = items;
    this.status = status;
  }

  /** The code of the first error: what a machine keeps when the error names no field. */
  get code(): string {
    return this.items[0]?.code ?? 'system';
  }
}

interface FailedResponse {
  status: number;
  statusText: string;
  url: string;
  body: unknown;
}

/**
 * Server data becomes a list of errors: an errors list gives one item each (code
 * bad_request unless the item names its own), otherwise one error with the body's
 * code or 'system' and its detail or description or the status text.
 */
export function toApiErrors(res: FailedResponse, useCase: string): ApiErrorItem[] {
  const base = { status: res.status, url: res.url, useCase };
  const list = v.safeParse(ErrorListBody, res.body);
  if (list.success) {
    return list.output.errors.map((item) => ({
      ...base,
      code: item.code ?? 'bad_request',
      detail: item.detail,
      source: { pointer: item.source?.pointer ?? '' },
    }));
  }
  const simple = v.safeParse(SimpleErrorBody, res.body);
  const body = simple.success ? simple.output : {};
  return [
    {
      ...base,
      code: body.code ?? 'system',
      detail: body.detail ?? body.description ?? res.statusText,
      source: { pointer: '' },
    },
  ];
}

type Subscriber = (item: ApiErrorItem) => void;
interface Subscription {
  pointer: string;
  useCase: string | undefined;
  handler: Subscriber;
}

const subscriptions = new Set<Subscription>();
let globalHandler: Subscriber = () => {};

/** Errors for a field (source pointer), optionally only those of one use case. */
export function subscribeErrors(pointer: string, handler: Subscriber, useCase?: string) {
  const entry: Subscription = { pointer, useCase, handler };
  subscriptions.add(entry);
  return () => subscriptions.delete(entry);
}

/** Where errors without a subscriber go: the app sets a toast here. */
export function setGlobalErrorHandler(handler: Subscriber): void {
  globalHandler = handler;
}

/** Hands each error to the subscribers of its pointer, or to the global handler. */
export function dispatchErrors(items: readonly ApiErrorItem[]): void {
  for (const item of items) {
    const targets = [...subscriptions].filter(
      (s) =>
        s.pointer === item.source.pointer &&
        (s.useCase === undefined || s.useCase === item.useCase),
    );
    if (targets.length === 0) globalHandler(item);
    for (const target of targets) target.handler(item);
  }
}
