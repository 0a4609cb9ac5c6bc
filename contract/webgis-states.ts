import * as v from 'valibot';

/** Section 3: the states of an instance. */
export const webgisStates = [
  'wait_for_create',
  'started',
  'error',
  'stopped',
  'wait_for_start',
  'disabled',
  'wait_for_disable',
] as const;
export const WebgisState = v.picklist(webgisStates);
export type WebgisState = v.InferOutput<typeof WebgisState>;

/** The states that are a change under way; `state_transition` names one of them or is null. */
export const webgisTransitions = ['wait_for_create', 'wait_for_start', 'wait_for_disable'] as const;
export const WebgisTransition = v.picklist(webgisTransitions);
export type WebgisTransition = v.InferOutput<typeof WebgisTransition>;
