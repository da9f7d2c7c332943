/**
 * The option a listbox moves to on ArrowDown (step 1) or ArrowUp (step -1): the next enabled one,
 * wrapping around; -1 when none is enabled. From no active option (-1), down goes to the first
 * enabled option and up to the last.
 */
export function nextEnabledIndex(isEnabled: readonly boolean[], current: number, step: 1 | -1): number {
  const count = isEnabled.length;
  if (count === 0) return -1;
  let index = current < 0 ? (step === 1 ? -1 : count) : current;
  for (let tries = 0; tries < count; tries += 1) {
    index = (index + step + count) % count;
    if (isEnabled[index]) return index;
  }
  return -1;
}
