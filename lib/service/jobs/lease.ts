/**
 * How long a claimed job or webhook event is reserved for the worker running it (wall clock):
 * longer than any job runs (a webhook attempt times out after 30 s). JOB_LEASE_SECONDS shortens it
 * where crashed workers must be taken over quickly (the reliability suite's crash test).
 */
export const LEASE_MS = Number(process.env.JOB_LEASE_SECONDS ?? 300) * 1000;
