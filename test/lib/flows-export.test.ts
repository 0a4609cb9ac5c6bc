import { describe, expect, it } from 'vitest';
import { createMachine, setup, type AnyStateMachine } from 'xstate';
import { toMermaid } from '../../scripts/lib/mermaid.ts';
import { toStatelyConfig } from '../../scripts/lib/stately-config.ts';
import { allTransitionsOf, stateNodesOf } from '../../scripts/lib/statechart.ts';
import { submitFormMachine } from '../machines/fixtures/submit-form.machine.ts';

describe('toMermaid', () => {
  it('draws nested states, initial and final states, and labelled transitions', () => {
    expect(toMermaid(submitFormMachine)).toBe(`stateDiagram-v2
  [*] --> editing
  state working {
    [*] --> working_submitting
    state "submitting" as working_submitting
    working_submitting : invoke submitForm
    state "waitingToRetry" as working_waitingToRetry
    state "deciding" as working_deciding
    working_submitting --> working_deciding : done: submitForm
    working_submitting --> working_waitingToRetry : error: submitForm [canRetry]
    working_waitingToRetry --> working_submitting : after retryDelay
  }
  accepted --> [*]
  failed --> [*]
  editing --> working : form.submit
  working --> failed : after giveUpAfter
  working_submitting --> failed : error: submitForm
  working_waitingToRetry --> editing : retry.cancel
  working_deciding --> accepted : always [isAccepted]
  working_deciding --> rejected : always
  rejected --> editing : form.edit
`);
  });

  it('separates parallel regions and draws root transitions from any state', () => {
    const machine = setup({
      guards: { isA: () => true, isB: () => true },
    }).createMachine({
      id: 'player',
      type: 'parallel',
      on: { reset: '.sound.muted' },
      states: {
        sound: {
          initial: 'muted',
          states: { muted: { on: { 'sound.toggle': 'loud' } }, loud: {} },
        },
        video: {
          initial: 'playing',
          states: {
            playing: { on: { 'video.stop': { target: 'stopped', guard: 'isA' } } },
            stopped: { on: { tick: { actions: () => undefined } } },
          },
        },
      },
    });
    expect(toMermaid(machine)).toBe(`stateDiagram-v2
  state "(any state)" as any_state
  state sound {
    [*] --> sound_muted
    state "muted" as sound_muted
    state "loud" as sound_loud
    sound_muted --> sound_loud : sound.toggle
  }
  --
  state video {
    [*] --> video_playing
    state "playing" as video_playing
    state "stopped" as video_stopped
    video_playing --> video_stopped : video.stop [isA]
    video_stopped --> video_stopped : tick
  }
  any_state --> sound_muted : reset
`);
  });
});

describe('toStatelyConfig', () => {
  it('rebuilds a machine with the same states and transitions', () => {
    const rebuilt = createMachine(toStatelyConfig(submitFormMachine));
    const shape = (machine: AnyStateMachine) => ({
      states: stateNodesOf(machine).map((node) => node.id),
      transitions: allTransitionsOf(machine).map((t) => t.label),
    });
    expect(shape(rebuilt)).toEqual(shape(submitFormMachine));
  });
});
