import { randomInt } from "node:crypto";
import type { AgentDeviceCode as DeviceCodeRow } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { formatId } from "../http/ids";
import type { AgentDeviceCode } from "./schemas";

/** Device codes live 15 minutes (BEHAVIORS.md open point 23). */
export const DEVICE_CODE_TTL_MS = 15 * 60 * 1000;
const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"; // no I or O
const DIGITS = "23456789"; // no 0 or 1

function randomCode(): string {
  const pick = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join("");
  return `${pick(LETTERS, 4)}-${pick(DIGITS, 4)}`;
}

/** A fresh code for the agent, voiding its unredeemed ones. Run inside the caller's transaction. */
export async function issueDeviceCode(tx: DbOrTx, input: { platformId: string; agentId: string; at: Date }): Promise<DeviceCodeRow> {
  await tx.agentDeviceCode.updateMany({ where: { agentId: input.agentId, redeemedAt: null, voidedAt: null }, data: { voidedAt: input.at } });
  return tx.agentDeviceCode.create({
    data: { code: randomCode(), platformId: input.platformId, agentId: input.agentId, expiresAt: new Date(input.at.getTime() + DEVICE_CODE_TTL_MS), createdAt: input.at },
  });
}

export function serializeDeviceCode(row: DeviceCodeRow): AgentDeviceCode {
  return { code: row.code, agentId: formatId("Agent", row.agentId), expiresAt: row.expiresAt.toISOString(), redeemed: row.redeemedAt !== null };
}
