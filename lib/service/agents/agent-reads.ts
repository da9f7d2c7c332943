import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";
import type { Page } from "../http/pagination";
import { createExternalAccount } from "../external-accounts/create-external-account";
import { deleteExternalAccount } from "../external-accounts/delete-external-account";
import { listExternalAccounts } from "../external-accounts/list-external-accounts";
import type { ExternalAccount, ExternalAccountCreateRequest } from "../external-accounts/schemas";
import { serializeExternalAccount } from "../external-accounts/serialize-external-account";
import { listCustomerInternalAccounts } from "../internal-accounts/list-customer-internal-accounts";
import type { InternalAccount, InternalAccountListQuery } from "../internal-accounts/schemas";
import { getTransactionItemOrThrow } from "../transactions/get-transaction-item-or-throw";
import { listTransactions } from "../transactions/list-transactions";
import type { Transaction, TransactionListItem, TransactionListQuery } from "../transactions/schemas";
import { assertAgentMayUse } from "./evaluate-policy";
import { customerExternalAccount } from "./customer-accounts";
import type { AgentRow } from "./serialize-agent";

/** What /agents/me/** reads and manages, always scoped to the agent's one customer (another's → 404). */
interface Scope {
  platformId: string;
  agent: AgentRow;
}

/** GET /agents/me/transactions (VIEW_TRANSACTIONS): the customer's transactions with the platform list's filters. */
export async function listAgentTransactions(db: Db, { platformId, agent }: Scope, query: Omit<TransactionListQuery, "customerId" | "platformCustomerId" | "cardId">): Promise<Page<Transaction> | Page<TransactionListItem>> {
  assertAgentMayUse(agent, "VIEW_TRANSACTIONS", []);
  return listTransactions(db, platformId, { ...query, customerId: formatId("Customer", agent.customerId) });
}

/**
 * GET /agents/me/transactions/{transactionId} (VIEW_TRANSACTIONS): a payment or card transaction of
 * the customer, as the list shows it. Throws TRANSACTION_NOT_FOUND for another customer's.
 */
export async function getAgentTransaction(db: Db, { platformId, agent }: Scope, transactionId: string): Promise<TransactionListItem> {
  assertAgentMayUse(agent, "VIEW_TRANSACTIONS", []);
  const item = await getTransactionItemOrThrow(db, platformId, transactionId);
  if (item.customerId !== formatId("Customer", agent.customerId)) throw new ServiceError("TRANSACTION_NOT_FOUND", `Transaction ${transactionId} not found`);
  return item;
}

/** GET /agents/me/internal-accounts: the customer's internal accounts (any permission: the agent needs their ids). */
export async function listAgentInternalAccounts(db: Db, { platformId, agent }: Scope, query: Omit<InternalAccountListQuery, "customerId">): Promise<Page<InternalAccount>> {
  return listCustomerInternalAccounts(db, platformId, { ...query, customerId: formatId("Customer", agent.customerId) });
}

/** GET /agents/me/external-accounts: the customer's live external accounts, masked. */
export async function listAgentExternalAccounts(db: Db, { platformId, agent }: Scope, query: { currency?: string; limit: number; cursor?: string }): Promise<Page<ExternalAccount>> {
  return listExternalAccounts(db, { platformId, owner: "CUSTOMER", query: { ...query, customerId: formatId("Customer", agent.customerId) } });
}

export async function getAgentExternalAccount(db: Db, { platformId, agent }: Scope, externalAccountId: string): Promise<ExternalAccount> {
  return serializeExternalAccount(await customerExternalAccount(db, platformId, agent.customerId, externalAccountId));
}

/** POST /agents/me/external-accounts (MANAGE_EXTERNAL_ACCOUNTS): an account for the agent's customer; a customerId in the body must be that customer. */
export async function createAgentExternalAccount(db: Db, { platformId, agent }: Scope, request: ExternalAccountCreateRequest): Promise<ExternalAccount> {
  assertAgentMayUse(agent, "MANAGE_EXTERNAL_ACCOUNTS", []);
  const customerId = formatId("Customer", agent.customerId);
  if (request.customerId !== undefined && request.customerId !== customerId) throw new ServiceError("NOT_FOUND", `Customer ${request.customerId} not found`);
  return createExternalAccount(db, { platformId, request: { ...request, customerId } });
}

/** DELETE /agents/me/external-accounts/{externalAccountId} (MANAGE_EXTERNAL_ACCOUNTS). */
export async function deleteAgentExternalAccount(db: Db, { platformId, agent }: Scope, externalAccountId: string): Promise<void> {
  assertAgentMayUse(agent, "MANAGE_EXTERNAL_ACCOUNTS", [externalAccountId]);
  const account = await customerExternalAccount(db, platformId, agent.customerId, externalAccountId);
  await deleteExternalAccount(db, { platformId, owner: "CUSTOMER", externalAccountId: formatId("ExternalAccount", account.id) });
}
