import * as v from 'valibot';
import { assign, emit, type EventObject } from 'xstate';
import { fromError } from './event-params.ts';
import { toServerErrors, withoutField, type ServerErrors } from './field-errors.ts';

/*
 * What every form machine does alike (section 5), written once: a submit that fails the
 * form's rules sends nothing and emits `validationFailed`; a submit starts from a clean
 * slate, so an old refusal never outlives it; the fields the server refused come back
 * as server errors at their fields, and one goes once its field is edited.
 *
 * Machines import it whole (`import * as form from './form-parts.ts'`) and read
 * `form.submitWhen('isValid', 'submitting')`. The actions keep their names: a machine
 * spreads `form.actions()` into its setup (or names them there one by one), so the
 * Stately editor and docs/flows show `keepServerErrors`, never `xstate.assign`. The
 * transitions below refer to them by those names.
 */

/** A form's own events: a submit with the form's values, and an edit of one field. */
export type Events<TValues, TField extends string> =
  { type: 'form.submit'; values: TValues } | { type: 'field.edit'; field: TField };

/** Emitted when a submit fails the form's rules: the view scrolls to the form. */
export interface ValidationFailed {
  type: 'validationFailed';
}

/** What a form machine's context holds for the actions below. */
export interface FormContext {
  serverErrors: ServerErrors;
}

// A context's server errors, as an assignment to any form's context.
function serverErrorsOf<TContext extends FormContext>(errors: ServerErrors): Partial<TContext> {
  // TypeScript cannot tell that this fits every such context: it does, as long as no
  // context narrows its serverErrors below ServerErrors.
  return { serverErrors: errors } as Partial<TContext>;
}

/**
 * The named actions of a form, for its setup: `setup({ actions: { ...form.actions<Context,
 * Event>(), … } })`.
 *
 * - `forgetServerError` (params `{ field }`): the edited field's server error goes;
 * - `clearServerErrors`: a submit starts from a clean slate;
 * - `keepServerErrors` (params `{ error }`): the fields the server refused, from the
 *   actor's rejection (nothing when it names no field);
 * - `reportValidationFailed`: emits `validationFailed`.
 */
export function actions<TContext extends FormContext, TEvent extends EventObject>() {
  return {
    forgetServerError: assign<TContext, TEvent, { field: string }, TEvent, never>(
      ({ context }, params) => serverErrorsOf(withoutField(context.serverErrors, params.field)),
    ),
    clearServerErrors: assign<TContext, TEvent, undefined, TEvent, never>(() => serverErrorsOf({})),
    keepServerErrors: assign<TContext, TEvent, { error: unknown }, TEvent, never>((_, params) =>
      serverErrorsOf(toServerErrors(params.error)),
    ),
    reportValidationFailed: emit<TContext, TEvent, undefined, TEvent, ValidationFailed>({
      type: 'validationFailed',
    }),
  };
}

/**
 * A form's validity guard (params `{ values }`, as `submitWhen` gives them): the values
 * pass the form's `schema` from contract/. `guards: { isValid: form.passes(DetailsForm) }`.
 */
export function passes(schema: v.GenericSchema) {
  return (_: unknown, params: { values: unknown }): boolean =>
    v.safeParse(schema, params.values).success;
}

/** The guard `hasFieldErrors` (params `{ error }`): the rejection names fields of the form. */
export function hasFieldErrors(_: unknown, params: { error: unknown }): boolean {
  return Object.keys(toServerErrors(params.error)).length > 0;
}

/** `field.edit`: `forgetServerError` of the edited field. */
export function forgetServerErrorOnEdit() {
  return {
    actions: {
      type: 'forgetServerError' as const,
      params: ({ event }: { event: { field: string } }) => ({ field: event.field }),
    },
  };
}

/**
 * `form.submit` (or another submit event with `values`): to `target` when the `guard`
 * passes the values, clearing the server errors; otherwise clears them and
 * `reportValidationFailed`, and sends nothing.
 */
export function submitWhen<TGuard extends string>(guard: TGuard, target: string) {
  return [
    {
      guard: {
        type: guard,
        params: <TValues>({ event }: { event: { values: TValues } }) => ({ values: event.values }),
      },
      target,
      actions: 'clearServerErrors' as const,
    },
    { actions: ['clearServerErrors' as const, 'reportValidationFailed' as const] },
  ];
}

/** An invoked actor's `onError`: back to `target`, keeping the fields the server refused. */
export function backWithServerErrors(target: string) {
  return {
    target,
    actions: {
      type: 'keepServerErrors' as const,
      params: fromError,
    },
  };
}

/**
 * An `onError` branch: when the rejection names fields of the form (`hasFieldErrors`),
 * back to `target` keeping them; other errors go on to the next branch.
 */
export function backIfFieldErrors(target: string) {
  return {
    guard: {
      type: 'hasFieldErrors' as const,
      params: fromError,
    },
    ...backWithServerErrors(target),
  };
}

/**
 * The submit a sending state was entered by, for the `input` of the actor it starts: the
 * state is entered by that submit alone (`submitWhen`), so any other event is a fault in
 * the chart and throws, rather than sending an empty form.
 */
export function submitted<TEvent extends EventObject, TType extends TEvent['type']>(
  event: TEvent,
  type: TType,
): Extract<TEvent, { type: TType }> {
  if (event.type !== type) throw new Error(`entered without ${type}`);
  return event as Extract<TEvent, { type: TType }>;
}

/**
 * The `input` of the actor a valid submit starts, when the submit kept its request in
 * context (`keepRequest`): that request, which `state` is never entered without.
 */
export function keptRequest(state: string) {
  return <TRequest>({ context }: { context: { request: TRequest | null } }): TRequest => {
    if (!context.request) throw new Error(`${state} without a request`);
    return context.request;
  };
}

/**
 * A field's own rule, checked before the server is asked: when `guard` passes, `action`
 * keeps `problem` (the view owns its words), and nothing is sent. The rules of a field
 * stand in a row, most basic first: `[form.refuseWhen('isEmailEmpty', 'refuseEmail',
 * 'required'), …, { target: 'sending' }]`.
 */
export function refuseWhen<TGuard extends string, TAction extends string, TProblem extends string>(
  guard: TGuard,
  action: TAction,
  problem: TProblem,
) {
  return { guard, actions: { type: action, params: { problem } } };
}
