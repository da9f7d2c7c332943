"use client";

import { useRef } from "react";

/** 16 random bytes as hex: crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * One Idempotency-Key per thing the user means to do, made in the browser. Sending the same input
 * again (its answer was lost on a bad network and they press again) reuses the key, so the service
 * answers what it already did instead of doing it twice; another input, or `done()` after a
 * success, takes a new key.
 */
export function useIdempotencyKey() {
  const last = useRef<{ input: string; key: string } | null>(null);
  return {
    keyFor(input: unknown): string {
      const json = JSON.stringify(input);
      if (last.current?.input !== json) last.current = { input: json, key: newIdempotencyKey() };
      return last.current.key;
    },
    done() {
      last.current = null;
    },
  };
}
