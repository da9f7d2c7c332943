import type { Session } from "next-auth";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { services } from "@/lib/services";
import { createTestApp, type TestApp } from "@/lib/service/testing/test-app";
import { createTestTeam } from "@/lib/service/testing/staff-fixtures";
import { AGREEMENTS } from "@/lib/service/customers/agreements";
import { staffSessionOf } from "@/app/(dashboard)/_lib/staff-session-fixture";

/** Whoever the test signs in as: the action's service client acts as this session's user. */
const signedIn = vi.hoisted(() => ({ session: null as Session | null }));
vi.mock("@/lib/auth/session", () => ({ getActionSession: async () => ({ ok: true, data: signedIn.session }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

const { createCustomerAction, updateCustomerAction } = await import("./actions");
const { customerToFormValues, EMPTY_CUSTOMER_FORM } = await import("./form-values");
const { callService } = await import("@/lib/client/call-service");

let app: TestApp;
let admins: { a: Session; b: Session };

const sessionOf = (email: string, password: string) => staffSessionOf(app.db, email, password);

/** The edit form's values as the page shows them now. */
async function openEdit(as: Session, customerId: string) {
  signedIn.session = as;
  const customer = await callService((client) => client.GET("/customers/{customerId}", { params: { path: { customerId } } }));
  if (!customer.ok) throw new Error(customer.error.message);
  return customerToFormValues(customer.data);
}

async function save(as: Session, customerId: string, openedWith: Awaited<ReturnType<typeof openEdit>>, edit: (values: typeof openedWith) => void) {
  const values = structuredClone(openedWith);
  edit(values);
  signedIn.session = as;
  return updateCustomerAction({ customerId, values, openedWith });
}

async function newCustomer(): Promise<string> {
  signedIn.session = admins.a;
  const address = { line1: "1 Old St", city: "Oldtown", postalCode: "12345", country: "US" };
  const created = await callService((client) => client.POST("/customers", { body: { customerType: "INDIVIDUAL", fullName: "Olive Stale", address } }));
  if (!created.ok) throw new Error(created.error.message);
  return created.data.id;
}

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl"); // the embedded service (services()) on this run's database
  app = await createTestApp();
  const team = await createTestTeam(app.db);
  const second = await team.add("ADMIN");
  admins = { a: await sessionOf(team.admin.email, team.admin.password), b: await sessionOf(second.email, second.password) };
});
afterAll(async () => {
  await services().close();
  await app.close();
});

describe("two staff saving a customer's edit form from pages opened at the same time", () => {
  it("keeps the first one's new address when the second changes the phone number from a stale page", async () => {
    const customerId = await newCustomer();
    const openedByA = await openEdit(admins.a, customerId);
    const openedByB = await openEdit(admins.b, customerId);
    expect((await save(admins.a, customerId, openedByA, (v) => void (v.address.city = "Alphaville"))).ok).toBe(true);
    const saved = await save(admins.b, customerId, openedByB, (v) => void (v.phoneNumber = "+14155550123"));

    expect(saved.ok).toBe(true);
    const now = await openEdit(admins.a, customerId);
    expect(now.address.city).toBe("Alphaville");
    expect(now.phoneNumber).toBe("+14155550123");
  });

  it("refuses, naming the field, when both changed the same one, and keeps the first one's value", async () => {
    const customerId = await newCustomer();
    const openedByA = await openEdit(admins.a, customerId);
    const openedByB = await openEdit(admins.b, customerId);
    expect((await save(admins.a, customerId, openedByA, (v) => void (v.fullName = "Olive Alpha"))).ok).toBe(true);
    const saved = await save(admins.b, customerId, openedByB, (v) => void (v.fullName = "Olive Bravo"));

    expect(saved.ok).toBe(false);
    if (saved.ok) return;
    expect(saved.error.code).toBe("EDIT_CONFLICT");
    expect(saved.error.fieldErrors).toEqual({ fullName: "was changed by someone else since you opened this page" });
    expect((await openEdit(admins.a, customerId)).fullName).toBe("Olive Alpha");
  });
});

describe("creating a customer from the form", () => {
  it("pressed again after a lost answer (the same key and details) answers the customer already created, never a second one; a new key creates a new one", async () => {
    signedIn.session = admins.a;
    const fullName = `Retry ${Math.random().toString(36).slice(2, 8)}`;
    const values = { ...structuredClone(EMPTY_CUSTOMER_FORM), customerType: "INDIVIDUAL" as const, fullName }; // no customer ID of the platform's: nothing else makes it unique
    const idempotencyKey = "form-key-0123456789abcdef";
    const first = await createCustomerAction({ values, idempotencyKey });
    const again = await createCustomerAction({ values, idempotencyKey });
    expect(first.ok && again.ok && again.data.id === first.data.id).toBe(true);
    const named = async () => {
      const list = await callService((client) => client.GET("/customers", { params: { query: { limit: 100 } } }));
      if (!list.ok) throw new Error(list.error.message);
      return list.data.data.filter((c) => "fullName" in c && c.fullName === fullName).length;
    };
    expect(await named()).toBe(1);
    expect((await createCustomerAction({ values, idempotencyKey: "form-key-fedcba9876543210" })).ok).toBe(true);
    expect(await named()).toBe(2);
  });

  it("pressed again with the terms accepted (each attempt stamps the consent with its own time) says the first may have created it, and creates no second one", async () => {
    signedIn.session = admins.a;
    const fullName = `Consent ${Math.random().toString(36).slice(2, 8)}`;
    const values = { ...structuredClone(EMPTY_CUSTOMER_FORM), customerType: "INDIVIDUAL" as const, fullName, termsConsent: { isAccepted: true, version: AGREEMENTS[0].version } };
    const idempotencyKey = `form-key-${Math.random().toString(36).slice(2, 14)}`;
    expect((await createCustomerAction({ values, idempotencyKey })).ok).toBe(true);
    await new Promise((r) => setTimeout(r, 5)); // another millisecond on the consent's clock
    const again = await createCustomerAction({ values, idempotencyKey });
    expect(again).toMatchObject({ ok: false, error: { code: "MAY_ALREADY_EXIST", message: expect.stringContaining("Check the Customers list") } });
    const list = await callService((client) => client.GET("/customers", { params: { query: { limit: 100 } } }));
    expect(list.ok && list.data.data.filter((c) => "fullName" in c && c.fullName === fullName)).toHaveLength(1);
  });
});
