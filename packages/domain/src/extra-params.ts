/*
 * Answers to extra parameters (spec 2 §3 "Extra parameters": a list whose items may wrap an inner
 * list under options.extraParams), checked by one rule with one set of i18n keys: the server
 * refuses with them (validationErrors by `extraParams.{name}`), the web shows them before it
 * submits. Both wire shapes (external transfers' getExtraParams, cards' activation data) map onto
 * ExtraParamRule in the contract, next to their schemas.
 */

export const EXTRA_PARAM_PROBLEMS = {
  required: 'validation.required',
  tooLong: 'validation.tooLong',
  /** A select's answer that is not one of its values. */
  option: 'validation.option',
  /** A text answer that does not match the parameter's pattern. */
  format: 'validation.format',
  /** An answer to a nested parameter whose select has another answer. */
  notExpected: 'validation.extraParamNotExpected',
  /** An answer to a parameter the list does not have. */
  unknown: 'validation.extraParamUnknown',
  duplicate: 'validation.duplicate',
} as const;
export type ExtraParamProblem = (typeof EXTRA_PARAM_PROBLEMS)[keyof typeof EXTRA_PARAM_PROBLEMS];

/** What the rule needs of one parameter. */
export interface ExtraParamRule {
  name: string;
  /** A group is answered through its nested list only. */
  kind: 'text' | 'select' | 'group';
  required: boolean;
  /** The values a select takes. */
  values: readonly string[];
  /** A regular expression the whole trimmed answer must match; null for any text. */
  pattern: string | null;
  maxLength: number | null;
  /**
   * Parameters that apply when this one's answer is `showWhen`; always (with the parameter) when
   * showWhen is null, as a group's list does.
   */
  nested: { showWhen: string | null; params: readonly ExtraParamRule[] } | null;
}

export type ExtraParamAnswers = Readonly<Record<string, string | undefined>>;

const compiled = new Map<string, RegExp | null>();

/** The pattern anchored to the whole value; null when it does not compile (then it checks nothing). */
function patternOf(source: string): RegExp | null {
  if (!compiled.has(source)) {
    try {
      // eslint-disable-next-line security/detect-non-literal-regexp -- patterns come from our own server's parameter lists
      compiled.set(source, new RegExp(`^(?:${source})$`, 'u'));
    } catch {
      compiled.set(source, null);
    }
  }
  return compiled.get(source) ?? null;
}

/** The first thing wrong with one answer (trimmed), or undefined when it is fine. */
export function extraParamProblem(
  rule: ExtraParamRule,
  answer: string | undefined,
): ExtraParamProblem | undefined {
  if (rule.kind === 'group') return undefined;
  const value = (answer ?? '').trim();
  if (value === '') return rule.required ? EXTRA_PARAM_PROBLEMS.required : undefined;
  if (rule.maxLength !== null && value.length > rule.maxLength) return EXTRA_PARAM_PROBLEMS.tooLong;
  if (rule.kind === 'select' && !rule.values.includes(value)) return EXTRA_PARAM_PROBLEMS.option;
  if (rule.pattern !== null && patternOf(rule.pattern)?.test(value) === false)
    return EXTRA_PARAM_PROBLEMS.format;
  return undefined;
}

function isOpen(rule: ExtraParamRule, answers: ExtraParamAnswers): boolean {
  const showWhen = rule.nested?.showWhen ?? null;
  return showWhen === null || (answers[rule.name] ?? '').trim() === showWhen;
}

/** The answerable parameters that apply with these answers, nested ones flattened in order (no groups). */
export function applicableExtraParams(
  rules: readonly ExtraParamRule[],
  answers: ExtraParamAnswers,
): ExtraParamRule[] {
  return rules.flatMap((rule) => [
    ...(rule.kind === 'group' ? [] : [rule]),
    ...(rule.nested && isOpen(rule, answers)
      ? applicableExtraParams(rule.nested.params, answers)
      : []),
  ]);
}

/** Every answerable parameter of the list, applicable or not. */
function answerableParams(rules: readonly ExtraParamRule[]): ExtraParamRule[] {
  return rules.flatMap((rule) => [
    ...(rule.kind === 'group' ? [] : [rule]),
    ...answerableParams(rule.nested?.params ?? []),
  ]);
}

/**
 * The names of every answerable parameter of a list, worked out once per list: a server keeps one
 * list per type, country, currency and scheme, and a mass batch checks thousands of rows with it.
 */
const KNOWN_NAMES = new WeakMap<readonly ExtraParamRule[], ReadonlySet<string>>();
function knownNames(rules: readonly ExtraParamRule[]): ReadonlySet<string> {
  let names = KNOWN_NAMES.get(rules);
  if (!names) {
    names = new Set(answerableParams(rules).map((rule) => rule.name));
    KNOWN_NAMES.set(rules, names);
  }
  return names;
}

/**
 * Every problem of a set of answers, by parameter name (empty when all is well): each applicable
 * parameter's problem, an answer given twice, an answer to a parameter the list does not have,
 * and an answer to a nested parameter that does not apply with the answers given.
 */
export function extraParamErrors(
  rules: readonly ExtraParamRule[],
  answers: readonly { name: string; value: string }[],
): Record<string, ExtraParamProblem> {
  const errors: Record<string, ExtraParamProblem> = {};
  const given: Record<string, string> = {};
  for (const answer of answers) {
    if (Object.hasOwn(given, answer.name)) errors[answer.name] = EXTRA_PARAM_PROBLEMS.duplicate;
    given[answer.name] = answer.value;
  }
  const applicable = applicableExtraParams(rules, given);
  const known = knownNames(rules);
  for (const rule of applicable) {
    const problem = extraParamProblem(rule, given[rule.name]);
    if (problem && !errors[rule.name]) errors[rule.name] = problem;
  }
  const applies = new Set(applicable.map((rule) => rule.name));
  for (const [name, value] of Object.entries(given)) {
    if (errors[name]) continue;
    if (!known.has(name)) errors[name] = EXTRA_PARAM_PROBLEMS.unknown;
    else if (!applies.has(name) && value.trim() !== '')
      errors[name] = EXTRA_PARAM_PROBLEMS.notExpected;
  }
  return errors;
}
