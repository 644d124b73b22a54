/**
 * An answer that never changes once built, such as a dictionary in one language. The main API
 * writes its JSON once and sends the same text again: for getCurrencies, the serialisation was the
 * largest cost of the handler's own time under load (issue 19).
 */
const fixed = new WeakSet<object>();

/** Marks `answer`, frozen with everything in it, as sent unchanged every time; answers it. */
export function fixedAnswer<T extends object>(answer: T): T {
  fixed.add(deepFreeze(answer));
  return answer;
}

export function isFixedAnswer(answer: object): boolean {
  return fixed.has(answer);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
