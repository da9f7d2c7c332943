import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The steps (jobs) a running advance of a platform's clock answers for: those that existed when it
 * began and those its own steps write meanwhile (a payment's next step). Webhook events are always
 * the worker's, and so are steps other requests write meanwhile: an advance
 * that took them on never ended under steady traffic, as each one it ran left another due at the
 * advancing "now" (advance-clock.ts).
 */
export interface AdvanceSteps {
  /** Steps written by then (`createdAt`, platform clock) existed when the advance began. */
  existedBy: Date;
  /** Ids of the steps written since by the advance's own steps, whoever in this process ran them. */
  spawned: Set<string>;
}

/** The advance running on each platform in this process (a platform's advances run one at a time, advance-clock.ts). */
const running = new Map<string, AdvanceSteps>();

interface Step {
  id: string;
  platformId: string;
  createdAt: Date;
}

/** The job whose handler is running in this async context. */
const runningStep = new AsyncLocalStorage<Step>();

export async function whileAdvancing<T>(platformId: string, steps: AdvanceSteps, advance: () => Promise<T>): Promise<T> {
  running.set(platformId, steps);
  try {
    return await advance();
  } finally {
    running.delete(platformId);
  }
}

/** Whether an advance of the platform's clock is running in this process. */
export function isAdvancing(platformId: string): boolean {
  return running.has(platformId);
}

/** Runs a claimed job's handler, so the steps it writes are known to be its (noteStepWritten). */
export function runAsStep<T>(job: Step, run: () => Promise<T>): Promise<T> {
  return runningStep.run(job, run);
}

/**
 * Called where a job id is made for a new row (scheduleJob). Written
 * by a job a running advance answers for, the new step is that advance's too, whether the advance
 * or a worker in this process ran the job: else the advance would leave it to run late, after it.
 */
export function noteStepWritten(id: string): void {
  const step = runningStep.getStore();
  const advance = step && running.get(step.platformId);
  if (advance && (step.createdAt <= advance.existedBy || advance.spawned.has(step.id))) advance.spawned.add(id);
}
