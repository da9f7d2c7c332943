import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import { UMA_ADDRESS_PATTERN, umaAddressKey } from "../customers/uma-address";
import type { CustomerRow } from "../customers/serialize-customer";
import type { DbOrTx } from "../db";
import { invalidInput, ServiceError } from "../http/errors";
import { formatId } from "../http/ids";
import { accountTypeFor } from "../internal-accounts/account-types";
import { assertCanMoveMoney } from "../internal-accounts/account-can-move-money";
import type { InternalAccountRow } from "../internal-accounts/serialize-internal-account";
import { currencyInfo } from "../sandbox/currencies";
import { findDefaultUmaDepositAccount } from "../external-accounts/find-default-uma-deposit-account";
import type { ExternalAccountRow } from "../external-accounts/serialize-external-account";

export interface Receiver {
  customer: CustomerRow;
  account: InternalAccountRow;
  /** The customer's default UMA deposit account in the receiving currency: the funds are paid on there (null: they stay in `account`). */
  depositAccount: ExternalAccountRow | null;
}

/**
 * The platform customer an incoming UMA payment is for (by `receiverUmaAddress` or `customerId`)
 * and their internal account in the receiving currency, which must be able to receive
 * (BEHAVIORS.md §4.8, 10.2), with their default UMA deposit account when it is in that currency
 * (§1.4; the sandbox converts no payout, so one in another currency leaves the funds in the
 * internal account). Throws: INVALID_INPUT (neither or two different receivers),
 * INVALID_UMA_ADDRESS, UMA_NOT_FOUND (no customer has that address), USER_NOT_FOUND,
 * CUSTOMER_DELETED, INVALID_CURRENCY (unknown currency, or the customer holds no account in it),
 * CONFLICT (the account is not ACTIVE).
 */
export async function resolveReceiver(
  db: DbOrTx,
  input: { platformId: string; receiverUmaAddress?: string; customerId?: string; currency: string },
): Promise<Receiver> {
  const { platformId, receiverUmaAddress, customerId, currency } = input;
  if (receiverUmaAddress === undefined && customerId === undefined)
    throw invalidInput(
      [
        { field: "receiverUmaAddress", message: "give receiverUmaAddress or customerId to name the receiving customer", constraint: { oneOf: ["receiverUmaAddress", "customerId"] } },
        { field: "customerId", message: "give receiverUmaAddress or customerId to name the receiving customer", constraint: { oneOf: ["receiverUmaAddress", "customerId"] } },
      ],
      "Name the receiving customer with receiverUmaAddress or customerId",
    );
  const byAddress = receiverUmaAddress === undefined ? null : await customerByUmaAddress(db, platformId, receiverUmaAddress);
  const customer = customerId === undefined ? byAddress! : await getCustomerOrThrow(db, platformId, customerId);
  if (byAddress && byAddress.id !== customer.id)
    throw invalidInput([{ field: "customerId", message: `${customerId} is not the customer whose UMA address is ${receiverUmaAddress}`, constraint: { matches: "receiverUmaAddress" } }]);

  const type = accountTypeFor(currency, "CUSTOMER");
  if (!currencyInfo(currency) || !type)
    throw new ServiceError("INVALID_CURRENCY", `${currency} is not a currency the sandbox knows`, { details: { receivingCurrencyCode: currency } });
  const account = await db.internalAccount.findFirst({ where: { platformId, customerId: customer.id, type, currency } });
  if (!account)
    throw new ServiceError("INVALID_CURRENCY", `Customer ${formatId("Customer", customer.id)} holds no ${currency} internal account; send in a currency the customer holds`, {
      details: { receivingCurrencyCode: currency, customerId: formatId("Customer", customer.id) },
    });
  assertCanMoveMoney(account, "RECEIVE");
  const deposit = await findDefaultUmaDepositAccount(db, { platformId, customerId: customer.id });
  return { customer, account, depositAccount: deposit?.currency === currency ? deposit : null };
}

async function customerByUmaAddress(db: DbOrTx, platformId: string, umaAddress: string): Promise<CustomerRow> {
  if (!UMA_ADDRESS_PATTERN.test(umaAddress))
    throw new ServiceError("INVALID_UMA_ADDRESS", `"${umaAddress}" is not a UMA address; the form is $user@domain`, { details: { receiverUmaAddress: umaAddress } });
  const found = await db.customer.findFirst({ where: { platformId, activeUmaAddress: umaAddressKey(umaAddress) }, select: { id: true } });
  if (!found) throw new ServiceError("UMA_NOT_FOUND", `No customer of this platform has the UMA address ${umaAddress}`, { details: { receiverUmaAddress: umaAddress } });
  return getCustomerOrThrow(db, platformId, formatId("Customer", found.id));
}
