/**
 * How long a claimed job is reserved for the worker running it (wall clock): longer than any job
 * runs. A webhook event's claim is shorter (deliveryLeaseMs, deliver-event.ts). JOB_LEASE_SECONDS
 * shortens both where crashed workers must be taken over quickly (the reliability suite's crash test).
 */
export const LEASE_MS = Number(process.env.JOB_LEASE_SECONDS ?? 300) * 1000;
