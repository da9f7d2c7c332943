import { describe, expect, it } from "vitest";
import { databaseUnavailableError } from "@/lib/service/http/errors";
import { ConnectionLostError, isConnectionLoss } from "./connection-loss";

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: "FATAL" });
const adapterError = (cause: Record<string, unknown>) => Object.assign(new Error(String(cause.kind)), { name: "DriverAdapterError", cause });

describe("a broken database connection is told apart from every other database error", () => {
  it.each([
    ["a terminated server process (pg)", pgError("57P01", "terminating connection due to administrator command")],
    ["a crashed server (pg)", pgError("57P02", "terminating connection because of crash of another server process")],
    ["a server starting up (pg)", pgError("57P03", "the database system is starting up")],
    ["a connection exception (pg)", pgError("08006", "connection failure")],
    ["a socket that ended", new Error("Connection terminated unexpectedly")],
    ["a connection used after it broke", new Error("Client has encountered a connection error and is not queryable")],
    ["a connection not ready within its deadline (pg's connectionTimeoutMillis)", new Error("timeout expired")],
    ["a refused connection", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["Prisma's adapter error for a terminated server process", adapterError({ kind: "postgres", code: "57P01", originalCode: "57P01" })],
    ["Prisma's adapter error for a closed connection", adapterError({ kind: "ConnectionClosed" })],
    ["Prisma's request error around it", Object.assign(new Error("x"), { code: "P2010", meta: { driverAdapterError: { cause: { kind: "postgres", originalCode: "57P01" } } } })],
    ["Prisma's unreachable server", Object.assign(new Error("x"), { code: "P1001" })],
    ["ConnectionLostError", new ConnectionLostError(false, { cause: null })],
  ])("%s", (_, error) => {
    expect(isConnectionLoss(error)).toBe(true);
  });

  it.each([
    ["a unique violation", pgError("23505", "duplicate key value violates unique constraint")],
    ["a deadlock", pgError("40P01", "deadlock detected")],
    ["a statement timeout", pgError("57014", "canceling statement due to statement timeout")],
    ["Prisma's adapter error for a unique violation", adapterError({ kind: "UniqueConstraintViolation", originalCode: "23505" })],
    ["a plain error", new Error("refused")],
    ["nothing", null],
  ])("not %s", (_, error) => {
    expect(isConnectionLoss(error)).toBe(false);
  });

  it("answers 503 SERVICE_UNAVAILABLE with Retry-After, saying what is known of the outcome", () => {
    const rolledBack = databaseUnavailableError(new ConnectionLostError(false, { cause: null }))!;
    expect(rolledBack.toBody()).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE", details: { retryable: true } });
    expect(rolledBack.message).toMatch(/nothing this request would have written was kept/);
    expect(rolledBack.headers).toEqual({ "Retry-After": "1" });
    const inDoubt = databaseUnavailableError(new ConnectionLostError(true, { cause: null }))!;
    expect(inDoubt.toBody()).toMatchObject({ status: 503, details: { retryable: true, outcomeUnknown: true } });
    expect(inDoubt.message).toMatch(/whether it took effect is unknown/);
    // A single statement's broken connection says neither: it may have committed.
    const unknown = databaseUnavailableError(new Error("Connection terminated unexpectedly"))!;
    expect(unknown.message).not.toMatch(/nothing this request would have written was kept/);
    expect(unknown.message).toMatch(/same Idempotency-Key/);
    expect(databaseUnavailableError(new Error("refused"))).toBeNull();
  });
});
