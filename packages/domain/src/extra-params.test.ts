import { describe, expect, it } from 'vitest';
import {
  applicableExtraParams,
  extraParamErrors,
  extraParamProblem,
  type ExtraParamRule,
} from './extra-params';

function rule(overrides: Partial<ExtraParamRule> & { name: string }): ExtraParamRule {
  return {
    kind: 'text',
    required: false,
    values: [],
    pattern: null,
    maxLength: null,
    nested: null,
    ...overrides,
  };
}

const purpose = rule({
  name: 'purpose',
  kind: 'select',
  required: true,
  values: ['GDDS', 'OTHR'],
  nested: {
    showWhen: 'OTHR',
    params: [rule({ name: 'details', required: true, maxLength: 5 })],
  },
});
const taxId = rule({ name: 'taxId', pattern: '^(?:\\d{11}|\\d{14})$', maxLength: 14 });
const letter = rule({
  name: 'letter',
  kind: 'group',
  required: true,
  nested: {
    showWhen: null,
    params: [rule({ name: 'lastFour', required: true, pattern: '\\d{4}' })],
  },
});
const kana = rule({ name: 'kana', pattern: '^[\\u30A0-\\u30FF\\uFF65-\\uFF9F ]+$' });

describe('extraParamProblem', () => {
  it.each<[ExtraParamRule, string | undefined, string | undefined]>([
    [purpose, undefined, 'validation.required'],
    [purpose, '   ', 'validation.required'],
    [purpose, 'GDDS', undefined],
    [purpose, ' GDDS ', undefined],
    [purpose, 'XXXX', 'validation.option'],
    [taxId, '', undefined],
    [taxId, '52998224725', undefined],
    [taxId, '5299822472', 'validation.format'],
    [taxId, '123456789012345', 'validation.tooLong'],
    [rule({ name: 'd', maxLength: 5 }), '12345', undefined],
    [rule({ name: 'd', maxLength: 5 }), '123456', 'validation.tooLong'],
    // the pattern is anchored to the whole value even when it is not anchored itself
    [rule({ name: 'f', pattern: '\\d{4}' }), '1234', undefined],
    [rule({ name: 'f', pattern: '\\d{4}' }), '12345', 'validation.format'],
    [kana, 'ヤマダ タロウ', undefined],
    [kana, 'Yamada', 'validation.format'],
    // a pattern that does not compile checks nothing rather than refusing every answer
    [rule({ name: 'broken', pattern: '(' }), 'anything', undefined],
    [letter, undefined, undefined],
  ])('%o answered %j: %s', (param, answer, expected) => {
    expect(extraParamProblem(param, answer)).toBe(expected);
  });
});

describe('applicableExtraParams', () => {
  it('opens a nested list only on its select answer, and a group always', () => {
    const names = (answers: Record<string, string>) =>
      applicableExtraParams([purpose, letter, taxId], answers).map((param) => param.name);
    expect(names({})).toEqual(['purpose', 'lastFour', 'taxId']);
    expect(names({ purpose: 'GDDS' })).toEqual(['purpose', 'lastFour', 'taxId']);
    expect(names({ purpose: 'OTHR' })).toEqual(['purpose', 'details', 'lastFour', 'taxId']);
  });
});

describe('extraParamErrors', () => {
  const rules = [purpose, letter, taxId];
  const answers = (record: Record<string, string>) =>
    Object.entries(record).map(([name, value]) => ({ name, value }));

  it('is empty for a complete set of answers', () => {
    expect(extraParamErrors(rules, answers({ purpose: 'GDDS', lastFour: '1234' }))).toEqual({});
    expect(
      extraParamErrors(rules, answers({ purpose: 'OTHR', details: 'gift', lastFour: '1234' })),
    ).toEqual({});
  });

  it('names every problem by parameter with one set of keys', () => {
    expect(extraParamErrors(rules, [])).toEqual({
      purpose: 'validation.required',
      lastFour: 'validation.required',
    });
    expect(
      extraParamErrors(rules, answers({ purpose: 'OTHR', lastFour: '12a4', taxId: '1' })),
    ).toEqual({
      details: 'validation.required',
      lastFour: 'validation.format',
      taxId: 'validation.format',
    });
    expect(
      extraParamErrors(
        rules,
        answers({ purpose: 'GDDS', details: 'gift', lastFour: '1234', colour: 'red', letter: 'x' }),
      ),
    ).toEqual({
      details: 'validation.extraParamNotExpected',
      colour: 'validation.extraParamUnknown',
      // a group has no answer of its own
      letter: 'validation.extraParamUnknown',
    });
    expect(
      extraParamErrors(rules, [
        { name: 'purpose', value: 'GDDS' },
        { name: 'purpose', value: 'GDDS' },
        { name: 'lastFour', value: '1234' },
      ]),
    ).toEqual({ purpose: 'validation.duplicate' });
  });

  it('lets an empty answer to a closed nested parameter pass', () => {
    expect(
      extraParamErrors(rules, answers({ purpose: 'GDDS', details: '', lastFour: '1234' })),
    ).toEqual({});
  });
});
