import { describe, expect, it } from 'vitest';
import { compactJson } from '../../scripts/lib/compact-json.ts';

const chart = {
  id: 'login',
  states: {
    editing: {
      on: {
        'field.edit': [{ actions: ['forgetServerError'] }],
        'form.submit': [
          { target: '#login.submitting', guard: 'isValid', actions: ['clearServerErrors'] },
          { actions: ['clearServerErrors', 'reportValidationFailed'] },
        ],
      },
    },
    empty: {},
  },
  tags: [],
  count: 3,
  none: null,
};

describe('compactJson', () => {
  it('reads back as the same value', () => {
    expect(JSON.parse(compactJson(chart))).toEqual(chart);
    expect(JSON.parse(compactJson(chart, 20))).toEqual(chart);
  });

  it('keeps what fits on one line and opens what does not', () => {
    expect(compactJson({ a: [1, 2], b: {} })).toBe('{ "a": [1, 2], "b": {} }');
    expect(compactJson(chart).split('\n')).toContain(
      '        "field.edit": [{ "actions": ["forgetServerError"] }],',
    );
    expect(compactJson({ list: ['aaaa', 'bbbb'] }, 16)).toBe(
      '{\n  "list": [\n    "aaaa",\n    "bbbb"\n  ]\n}',
    );
  });

  it('stays within the width wherever a value can open', () => {
    for (const line of compactJson(chart, 60).split('\n'))
      expect(line.length).toBeLessThanOrEqual(60);
  });
});
