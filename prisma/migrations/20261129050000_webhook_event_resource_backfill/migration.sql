-- Events written before "resourceId" existed (20261128185553_webhook_event_resource_order) have it
-- NULL, which the claim reads as "of no resource": a retrying old event then held back none of its
-- resource's newer events, which went out first. Set it as enqueue-event.ts does for a new event:
-- the body's `data.id` when that is a string, unchanged (e.g. "Transaction:<uuid>"), else NULL.
-- Every event, not only those still due: a replay makes a settled event due again.
-- PostgreSQL cannot read a JSON string holding \u0000 (every json operator fails on such a body):
-- one, which JSON.stringify could write, is left as it was rather than failing the upgrade (CASE,
-- unlike AND, is evaluated in the order written).
UPDATE "WebhookEvent"
SET "resourceId" = "body"::json #>> '{data,id}'
WHERE "resourceId" IS NULL
  AND CASE WHEN strpos("body", E'\\u0000') = 0 THEN json_typeof("body"::json #> '{data,id}') = 'string' ELSE false END;
